import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** A yes-or-no question in a modal; closing it any other way answers no. */
export function ConfirmDialog({ open, title, text, yes, no, onYes, onNo }: {
  open: boolean;
  title: string;
  text: string;
  yes: string;
  no: string;
  onYes(): void;
  onNo(): void;
}) {
  return (
    <Dialog open={open} onClose={onNo} aria-labelledby="confirm-title" aria-describedby="confirm-text">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onNo}>{no}</Button>
        <Button onClick={onYes} variant="contained">
          {yes}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
