import { useRef } from 'react';
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

/**
 * 'Create copy' asks first (issue 19): the dialog says what the copy will be; confirming makes it once (the button
 * is disabled while it runs, and a second click before that re-render is ignored) and hands the copy to `onCopied`,
 * which opens its page. A refused copy keeps the dialog open with the message.
 */
export function CopyProtocolDialog({ protocol, onClose, onCopied }: { protocol: TProtocol | null; onClose: () => void; onCopied: (copy: TProtocol) => void }) {
  const shown = useLast(protocol);
  const running = useRef(false);
  const copy = useMutation({
    mutationFn: (id: string) => protocolsApi.copy(id),
    onSuccess: (c) => { onClose(); onCopied(c); },
    onSettled: () => { running.current = false; },
  });
  const confirm = () => {
    if (!shown || running.current) return;
    running.current = true;
    copy.mutate(shown.id);
  };
  return (
    <Dialog open={!!protocol} onClose={onClose} aria-labelledby="copy-protocol-title" aria-describedby="copy-protocol-text">
      <DialogTitle id="copy-protocol-title">{PR.copyTitle(shown?.name ?? '')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="copy-protocol-text">{PR.copyQuestion(shown?.name ?? '')}</DialogContentText>
        {copy.error ? <Alert severity="error" sx={{ mt: 2 }}>{shownMessage(copy.error)}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={copy.isPending} onClick={confirm}>{PR.copy}</Button>
      </DialogActions>
    </Dialog>
  );
}
