import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useDelete, useNotify } from 'react-admin';
import { shownMessage } from '../../lib/errors';
import { REPORT_TEXT } from './texts';
import { REPORTS } from './useReportMutations';
import { useLast } from './useLast';

export interface InspectionTarget {
  id: string;
  name: string;
}

/**
 * spec 000 §2.3, §2.4: 'Delete inspection {name}?' / 'Do you really want to delete the inspection?', on /Reports
 * and My page. The delete is soft on the server; every list holding the row reloads once it is done.
 */
export function DeleteInspectionDialog({ target, onClose, onDeleted }: { target: InspectionTarget | null; onClose: () => void; onDeleted?: () => void }) {
  const notify = useNotify();
  const [remove, { isPending }] = useDelete();
  const shown = useLast(target);
  const confirm = () =>
    target &&
    remove(
      REPORTS,
      { id: target.id, previousData: { id: target.id } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          onClose();
          onDeleted?.();
        },
        onError: (e) => notify(shownMessage(e), { type: 'error' }),
      },
    );

  return (
    <Dialog open={!!target} onClose={onClose} aria-labelledby="delete-inspection-title" aria-describedby="delete-inspection-text">
      <DialogTitle id="delete-inspection-title">{REPORT_TEXT.deleteTitle(shown?.name ?? '')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-inspection-text">{REPORT_TEXT.deleteQuestion}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>CANCEL</Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={isPending}>
          DELETE
        </Button>
      </DialogActions>
    </Dialog>
  );
}
