import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { levelName } from '@insp/contracts';
import { useSession } from '../../providers/session';
import { visibleNavItems } from '../../layout/navigation';

/** My page (/). For now: a welcome with who is signed in and shortcuts; own reports arrive later (000 §2.4). */
export function MyPage() {
  const { session, actor } = useSession();
  const { user } = session;
  const shortcuts = visibleNavItems(actor).filter((i) => i.path !== '/');
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
      {shortcuts.length > 0 && (
        <>
          <Typography variant="h2" sx={{ mb: 2 }}>
            Go to
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', mb: 4 }}>
            {shortcuts.map((item) => (
              <Card key={item.path} variant="outlined">
                <CardActionArea component={RouterLink} to={item.path} sx={{ p: 2.25, height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                  <Typography sx={{ fontWeight: 600 }}>{item.nav}</Typography>
                  <ArrowForwardIcon fontSize="small" color="action" />
                </CardActionArea>
              </Card>
            ))}
          </Box>
        </>
      )}
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography sx={{ fontWeight: 600 }}>Your inspections and audits</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Your latest reports will be listed here in a later release.
        </Typography>
      </Paper>
    </>
  );
}
