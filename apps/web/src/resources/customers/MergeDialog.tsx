import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ZCustomerMerge } from '@insp/contracts';
import { callError } from '../../lib/errors';
import { TEXT } from './texts';

/** 'Merge the two customers into one' (002 §2): the name starts as the first customer's and can be edited. */
export function MergeDialog({
  open,
  initialName,
  onMerge,
  onClose,
}: {
  open: boolean;
  initialName: string;
  onMerge: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setName(initialName);
      setError('');
    }
  }, [open, initialName]);

  const confirm = async () => {
    const parsed = ZCustomerMerge.shape.name.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setBusy(true);
    try {
      await onMerge(parsed.data);
    } catch (e) {
      setError(callError(e).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="merge-title">
      <DialogTitle id="merge-title">{TEXT.mergeTitle}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <TextField
          label="Name"
          fullWidth
          size="small"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={!!error}
          helperText={error}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>CANCEL</Button>
        <Button variant="contained" onClick={confirm} disabled={busy}>
          MERGE
        </Button>
      </DialogActions>
    </Dialog>
  );
}
