import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { shownMessage } from '../../lib/errors';

/**
 * Delete a family or a model, asked first (issue 20). While something uses it the server refuses (409) and says what
 * ('... is in use and cannot be deleted: equipment (3), reports (12)'): the dialog shows that reason and offers only
 * CLOSE, since asking again would be refused the same way.
 */
export function DeleteDialog({ what, name, onDelete, onClose }: {
  /** 'product family' or 'product model' */
  what: string;
  name: string;
  onDelete: () => Promise<unknown>;
  onClose: (deleted: boolean) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    try {
      await onDelete();
      onClose(true);
    } catch (err) {
      setRefusal(shownMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="delete-product-title" aria-describedby="delete-product-text">
      <DialogTitle id="delete-product-title">
        Delete {what} {name}?
      </DialogTitle>
      <DialogContent>
        {refusal ? (
          <Alert severity="error" id="delete-product-text">
            {refusal}
          </Alert>
        ) : (
          <DialogContentText id="delete-product-text">
            Do you really want to delete the {what} {name}? This cannot be undone.
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{refusal ? 'CLOSE' : 'CANCEL'}</Button>
        {!refusal && (
          <Button color="error" variant="contained" onClick={confirm} disabled={busy}>
            DELETE
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
