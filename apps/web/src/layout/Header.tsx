import { Link as RouterLink } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import AccountCircleIcon from '@mui/icons-material/AccountCircleOutlined';
import { isAllowed, P } from '@insp/contracts';
import { Brand } from '../components/Brand';
import { useSession } from '../providers/session';
import { TopNav } from './TopNav';
import { RefusedWrites, StorageWarning, WaitingBadge } from '../offline-queue';
import { LogoutLink } from './LogoutLink';
import { OnThisDeviceLink } from './OnThisDeviceLink';

/** Page header (spec 000 §2.1): brand, the signed-in user's e-mail and a 'Log out' link to /auth/logout. */
export function Header() {
  const { session, actor } = useSession();
  return (
    <AppBar position="sticky" elevation={0} color="inherit" sx={{ bgcolor: 'transparent' }}>
      <Toolbar sx={{ bgcolor: 'primary.main', color: 'common.white', minHeight: { xs: 56 }, px: { xs: 2, md: 4 } }}>
        <Box component={RouterLink} to="/" aria-label="Equipment Inspections home" sx={{ textDecoration: 'none', display: 'flex' }}>
          <Brand inverted />
        </Box>
        <Box sx={{ flex: 1 }} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5 }}>
          <WaitingBadge />
          <RefusedWrites />
          {/* Issue 23: what 'Make available offline' keeps on this device (/OnThisDevice). */}
          {isAllowed(P.reports, actor) && <OnThisDeviceLink />}
          <Box sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 0.75, opacity: 0.9 }}>
            <AccountCircleIcon fontSize="small" aria-hidden />
            <Typography variant="body2" data-testid="user-email">
              {session.user.email}
            </Typography>
          </Box>
          <LogoutLink />
        </Box>
      </Toolbar>
      <TopNav />
      <StorageWarning />
    </AppBar>
  );
}
