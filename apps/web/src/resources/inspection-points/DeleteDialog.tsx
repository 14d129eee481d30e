import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { TInspectionPoint } from '@insp/contracts';
import { shownMessage } from '../../lib/errors';
import { pointsApi } from './api';

/** How many inspections recorded a result for the point, and that their reports keep it (issue 9). */
export function usageText(point: TInspectionPoint): string {
  const n = point.usage.inspections;
  if (!n) return 'No inspection has recorded a result for this point yet.';
  const count = point.usage.inspectionsCapped ? `${n}+` : String(n);
  return `${count} inspection${n === 1 ? '' : 's'} used this point. Their reports keep what was recorded.`;
}

/** Delete confirmation (001 §2): names the point and lists the protocols that include it. */
export function DeleteDialog(props: { point: TInspectionPoint; open: boolean; pending: boolean; error: unknown; onConfirm: () => void; onClose: () => void }) {
  const { point, open } = props;
  const protocols = useQuery({ queryKey: ['inspectionPoints.protocols', point.id], queryFn: () => pointsApi.protocols(point.id), enabled: open });
  const names = protocols.data?.protocolNames ?? protocols.data?.protocols.map((p) => p.name) ?? [];
  return (
    <Dialog open={open} onClose={props.onClose} aria-labelledby="delete-point-title" aria-describedby="delete-point-text">
      <DialogTitle id="delete-point-title">Delete {point.name}?</DialogTitle>
      <DialogContent id="delete-point-text">
        <Typography gutterBottom>Do you want to delete the inspection point &lsquo;{point.name}&rsquo;?</Typography>
        {protocols.isPending ? <Typography variant="body2">Looking for protocols…</Typography> : null}
        {protocols.error ? <Alert severity="error">{shownMessage(protocols.error)}</Alert> : null}
        {protocols.data ? (
          names.length ? (
            <>
              <Typography variant="body2">It is included in these protocols:</Typography>
              <ul aria-label="Protocols including the point">{names.map((n, i) => <li key={`${n}-${i}`}>{n}</li>)}</ul>
            </>
          ) : (
            <Typography variant="body2">No protocol includes it.</Typography>
          )
        ) : null}
        <Typography variant="body2" sx={{ mt: 1 }}>{usageText(point)}</Typography>
        {props.error ? <Alert severity="error" sx={{ mt: 1 }}>{shownMessage(props.error)}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button color="error" variant="contained" disabled={props.pending} onClick={props.onConfirm}>Delete</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Before a save that removes items of a point inspections have used (issue 9: recorded results never change). */
export function RemovalDialog(props: { point: TInspectionPoint; removed: number; open: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby="removal-title" aria-describedby="removal-text">
      <DialogTitle id="removal-title">Remove {props.removed} item{props.removed === 1 ? '' : 's'} from {props.point.name}?</DialogTitle>
      <DialogContent id="removal-text">
        <Typography>{usageText(props.point)}</Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>New inspections will no longer offer the removed items.</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={props.onConfirm}>Save</Button>
      </DialogActions>
    </Dialog>
  );
}
