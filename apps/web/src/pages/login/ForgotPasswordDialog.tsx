import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { trpc } from '../../providers/trpc';
import { shownMessage } from '../../lib/errors';

/** The answer never tells whether the account exists (the server answers the same either way). */
export const resetLinkSentText = (email: string) =>
  `If an account exists for ${email}, a password reset link has been sent to it. Check your inbox.`;

/** Spec 002 §2: 'Send a password reset link to {email}?' precedes the reset request. */
export function ForgotPasswordDialog({
  open,
  email,
  onClose,
  onSent,
}: {
  open: boolean;
  email: string;
  onClose: () => void;
  onSent: (message: string) => void;
}) {
  const send = useMutation(trpc.auth.forgotPassword.mutationOptions());
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="forgot-title"
      slotProps={{ transition: { onExited: () => send.reset() } }}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="forgot-title">Reset password</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="forgot-confirm">{`Send a password reset link to ${email}?`}</DialogContentText>
        {send.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {shownMessage(send.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          loading={send.isPending}
          onClick={() => send.mutate({ email }, { onSuccess: () => onSent(resetLinkSentText(email)) })}
        >
          Send link
        </Button>
      </DialogActions>
    </Dialog>
  );
}
