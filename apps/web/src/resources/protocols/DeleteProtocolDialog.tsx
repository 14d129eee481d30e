import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { TProtocol } from '@insp/contracts';
import { shownMessage } from '../../lib/errors';
import { useLast } from '../inspections/useLast';
import { protocolsApi } from './api';
import { PR } from './texts';

/** 001 §2: the confirmation names the protocol, its targets and its type; the delete is soft (204). */
export function DeleteProtocolDialog({ protocol, onClose, onDeleted }: { protocol: TProtocol | null; onClose: () => void; onDeleted: () => void }) {
  const shown = useLast(protocol);
  const remove = useMutation({ mutationFn: (id: string) => protocolsApi.softDelete(id), onSuccess: () => { onClose(); onDeleted(); } });
  return (
    <Dialog open={!!protocol} onClose={onClose} aria-labelledby="delete-protocol-title" aria-describedby="delete-protocol-text">
      <DialogTitle id="delete-protocol-title">{PR.deleteTitle(shown?.name ?? '')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-protocol-text">
          {PR.deleteQuestion} Type: {shown?.typeName}. Targets: {shown?.products.length ? shown.products.join(', ') : PR.anyProduct}.
        </DialogContentText>
        {remove.error ? <Alert severity="error" sx={{ mt: 2 }}>{shownMessage(remove.error)}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" disabled={remove.isPending} onClick={() => shown && remove.mutate(shown.id)}>Delete</Button>
      </DialogActions>
    </Dialog>
  );
}
