import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDelete, useNotify } from 'react-admin';
import { trpc } from '../../providers/trpc';
import { callError } from '../../lib/errors';
import { TEXT } from './texts';

export interface DeleteTarget {
  id: string;
  name: string;
}

/**
 * 'Delete customer?' (002 §2) with the name and the counts of what goes with it. The old client ignored a
 * failed delete silently (002 §8); we say so instead, since the row staying in the list would be a mystery.
 */
export function DeleteCustomerDialog({ target, onClose }: { target: DeleteTarget | null; onClose: () => void }) {
  const notify = useNotify();
  const details = useQuery({ ...trpc.customers.get.queryOptions({ id: target?.id ?? '' }), enabled: !!target });
  const [remove, { isPending }] = useDelete();
  const counts = details.data?.counts;

  const confirm = () =>
    target &&
    remove(
      'Customers',
      { id: target.id, previousData: target },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => onClose(),
        onError: (e) => notify(`Delete failed: ${callError(e).message}`, { type: 'error' }),
      },
    );

  return (
    <Dialog open={!!target} onClose={onClose} aria-labelledby="delete-customer-title">
      <DialogTitle id="delete-customer-title">{TEXT.deleteTitle}</DialogTitle>
      <DialogContent>
        <Typography data-testid="delete-customer-name" sx={{ fontWeight: 600, mb: 1 }}>
          {target?.name}
        </Typography>
        {counts ? (
          <Typography data-testid="delete-customer-counts" color="text.secondary">
            Sites: {counts.sites}, contacts: {counts.contacts}, equipment: {counts.equipments}
          </Typography>
        ) : (
          <Typography color="text.secondary">{TEXT.loading}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>CANCEL</Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={isPending || !counts}>
          DELETE
        </Button>
      </DialogActions>
    </Dialog>
  );
}
