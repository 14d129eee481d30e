import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { isAllowed, levelName, P } from '@insp/contracts';
import { useSession } from '../../providers/session';
import { MyAudits } from './MyAudits';
import { MyDuePlans } from './MyDuePlans';
import { MyReports } from './MyReports';

/**
 * My page (/), 000 §2.4: who is signed in, then (issue 24) the user's due inspections, 'My reports' and 'My audits'
 * (the latter only for those who see audits).
 */
export function MyPage() {
  const { session, actor } = useSession();
  const { user } = session;
  return (
    <>
      <Typography variant="h1" data-testid="welcome">
        Welcome, {user.name}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1.5, mb: 4 }}>
        <Typography color="text.secondary">{user.email}</Typography>
        <Chip size="small" label={`Level: ${levelName(session.level)}`} data-testid="level" />
        <Chip size="small" variant="outlined" label={actor.kind === 'staff' ? 'Company staff' : 'Distributor'} />
        {user.externalUserCompany && <Chip size="small" variant="outlined" label={user.externalUserCompany.name} />}
        {/* filled: the brand yellow as text on the page background is 1.8:1; navy on yellow is 6.5:1 */}
        {session.flags.map((f) => (
          <Chip key={f} size="small" color="secondary" label={f} />
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
        {/* Issue 24: the inspector's due and overdue inspections come first. */}
        {isAllowed(P.reportsStart, actor) && <MyDuePlans />}
        <MyReports />
        {isAllowed(P.audits, actor) && <MyAudits />}
      </Box>
    </>
  );
}
