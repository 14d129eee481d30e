import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** A confirmation of one audit action: title, question, CANCEL and the action's own button. */
export function ConfirmDialog(props: {
  id: string;
  open: boolean;
  title: ReactNode;
  question: ReactNode;
  confirm: string;
  danger?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { id, open, title, question, confirm, danger, pending, onConfirm, onClose } = props;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onClick={(e) => e.stopPropagation()}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{question}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>CANCEL</Button>
        <Button color={danger ? 'error' : 'primary'} variant="contained" onClick={onConfirm} disabled={pending}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
