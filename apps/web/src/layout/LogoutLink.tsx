import { useState, type MouseEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { QUEUE_TEXT, useWaitingCount } from '../offline-queue';
import { coarsePointer } from '../theme';

const LOGOUT = '/auth/logout';

/**
 * The header's 'Log out' link (spec 000 §2.1) to /auth/logout. Issue 23: while changes of this user wait in the
 * offline queue it asks first; they stay on the device and are sent only under this user's next sign-in here.
 */
export function LogoutLink() {
  const waiting = useWaitingCount();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(0);
  const onClick = (e: MouseEvent) => {
    if (waiting === 0) return;
    e.preventDefault();
    setAsking(waiting);
  };
  return (
    <>
      <Link
        component={RouterLink}
        to={LOGOUT}
        onClick={onClick}
        variant="body2"
        underline="hover"
        sx={{
          color: 'common.white',
          fontWeight: 600,
          border: 1,
          borderColor: 'rgba(255,255,255,0.35)',
          borderRadius: 1,
          px: 1.25,
          py: 0.5,
          [coarsePointer]: { display: 'inline-flex', alignItems: 'center', minHeight: 44 },
        }}
      >
        Log out
      </Link>
      <Dialog open={asking > 0} onClose={() => setAsking(0)} aria-labelledby="logout-warning-title" aria-describedby="logout-warning-text">
        <DialogTitle id="logout-warning-title">{QUEUE_TEXT.logoutTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText id="logout-warning-text">{QUEUE_TEXT.logoutWarning(asking)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(0)} autoFocus variant="contained" sx={{ minHeight: 44 }}>{QUEUE_TEXT.stay}</Button>
          <Button onClick={() => navigate(LOGOUT)} sx={{ minHeight: 44 }}>{QUEUE_TEXT.logoutAnyway}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
