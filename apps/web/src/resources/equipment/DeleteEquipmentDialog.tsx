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
import { EQUIPMENT_TEXT } from './texts';

export interface EquipmentDeleteTarget {
  id: string;
  label: string;
}

/**
 * spec 002 §2: the modal says how many inspections were conducted on the equipment and asks
 * 'Do you really want to delete the equipment?'. The delete is soft: those inspections stay readable.
 * The old client ignored a failed delete silently (002 §8); like the customers screen we say so instead.
 */
export function DeleteEquipmentDialog({ target, onClose }: { target: EquipmentDeleteTarget | null; onClose: () => void }) {
  const notify = useNotify();
  const count = useQuery({ ...trpc.equipment.inspectionCount.queryOptions({ id: target?.id ?? '' }), enabled: !!target });
  const [remove, { isPending }] = useDelete();
  const n = count.data?.inspectionCount;

  const confirm = () =>
    target &&
    remove(
      'Equipments',
      { id: target.id, previousData: { id: target.id } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => onClose(),
        onError: (e) => notify(`Delete failed: ${callError(e).message}`, { type: 'error' }),
      },
    );

  return (
    <Dialog open={!!target} onClose={onClose} aria-labelledby="delete-equipment-title">
      <DialogTitle id="delete-equipment-title">{EQUIPMENT_TEXT.deleteTitle}</DialogTitle>
      <DialogContent>
        <Typography sx={{ fontWeight: 600, mb: 1 }}>{target?.label}</Typography>
        {n === undefined ? (
          <Typography color="text.secondary">{EQUIPMENT_TEXT.loading}</Typography>
        ) : (
          <>
            <Typography data-testid="delete-equipment-inspections">{EQUIPMENT_TEXT.inspections(n)}</Typography>
            <Typography sx={{ mt: 1 }}>{EQUIPMENT_TEXT.deleteQuestion}</Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>CANCEL</Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={isPending || n === undefined}>
          DELETE
        </Button>
      </DialogActions>
    </Dialog>
  );
}
