import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { InspectionStatus } from '@insp/contracts';
import { statusLabel } from './inspectionTypes';
import { REPORT_TEXT } from './texts';
import { useLast } from './useLast';
import { useReportMutations } from './useReportMutations';

export interface StatusTarget {
  id: string;
  from: string;
  to: InspectionStatus;
}

/**
 * spec 000 §2.7, §4: 'Update status' asks 'Do you really want to change the status from In use to Waiting?';
 * an Admin marking an inspection Finished confirms in its own 'Mark finished' dialog. The new status shows
 * only after the server's 200 (onChanged); a refusal keeps the dialog open with a notification.
 */
export function StatusDialog({ target, onClose, onChanged }: { target: StatusTarget | null; onClose: () => void; onChanged?: (s: InspectionStatus) => void }) {
  const { status } = useReportMutations();
  const shown = useLast(target);
  const confirm = () =>
    target &&
    status.mutate(
      { id: target.id, status: target.to },
      {
        onSuccess: (r) => {
          onClose();
          onChanged?.(r.status);
        },
      },
    );
  const finishing = shown?.to === 'Finished';
  return (
    <Dialog open={!!target} onClose={onClose} aria-labelledby="status-title" aria-describedby="status-text">
      <DialogTitle id="status-title">{finishing ? REPORT_TEXT.finishTitle : REPORT_TEXT.statusTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="status-text">
          {shown ? REPORT_TEXT.statusQuestion(statusLabel(shown.from), statusLabel(shown.to)) : null}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>CANCEL</Button>
        <Button variant="contained" onClick={confirm} disabled={status.isPending}>
          {finishing ? 'MARK FINISHED' : 'UPDATE'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
