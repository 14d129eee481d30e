import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';

/** A remove icon that asks first: a site or contact is gone from the customer after one more click. */
export function ConfirmRemove({ what, onConfirm }: { what: string; onConfirm: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <IconButton size="small" aria-label={`Remove ${what}`} onClick={() => setOpen(true)}>
        <DeleteIcon fontSize="small" />
      </IconButton>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>Remove {what}?</DialogTitle>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>CANCEL</Button>
          <Button color="error" variant="contained" onClick={confirm} disabled={busy}>
            REMOVE
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
