import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { AUDIT_TEXT } from './texts';

/** The frame of the run modals (000 §2.6: add run, change equipment, change protocol): fields, CANCEL and the action. */
export function RunDialog({ open, title, action, enabled, busy, error, onAction, onClose, children }: {
  open: boolean;
  title: string;
  action: string;
  enabled: boolean;
  busy: boolean;
  error: string | null;
  onAction(): void;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="run-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="run-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{AUDIT_TEXT.cancel}</Button>
        <Button variant="contained" onClick={onAction} disabled={!enabled || busy}>
          {action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
