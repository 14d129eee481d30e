import { useEffect, useRef, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useInspectionWrites } from '../../inspection-writes';
import { shownMessage } from '../../lib/errors';
import { EDIT_TEXT } from './texts';

/**
 * Asks before the edit form is left (000 §2.8, issue 20). Unsaved edits ask 'You have unsaved data, do you want to
 * leave the page?' (LEAVE / STAY) and the browser's unload prompt fires. An In use start of the user's own with
 * nothing saved (`discardable`, the server's `can.discard`) asks instead whether to keep it or discard it, so no
 * empty report is left behind in the lists; DISCARD deletes it (soft) and leaves for the reports list when the
 * way out was one of its own pages. Closing the tab cannot ask this (browsers allow only their own prompt).
 */
export function LeaveGuard({ inspectionId, unsaved, discardable, onDiscarded }: { inspectionId: string; unsaved: () => boolean; discardable: () => boolean; onDiscarded?(): void }) {
  const writes = useInspectionWrites();
  const navigate = useNavigate();
  const gone = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !gone.current && currentLocation.pathname !== nextLocation.pathname && (unsaved() || discardable()));
  const asking = blocker.state !== 'blocked' ? null : discardable() ? 'discard' : 'unsaved';
  const stay = () => {
    setError(null);
    blocker.reset?.();
  };
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (!unsaved()) return;
      e.preventDefault();
      e.returnValue = EDIT_TEXT.unsaved;
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [unsaved]);

  const discard = async () => {
    const next = blocker.location?.pathname ?? '/Reports';
    setBusy(true);
    setError(null);
    try {
      await writes.discardInspection(inspectionId);
    } catch (e) {
      setError(shownMessage(e));
      setBusy(false);
      return;
    }
    gone.current = true;
    onDiscarded?.();
    // Its own pages (details, view) are gone with it: the reports list instead.
    if (next.includes(inspectionId)) {
      blocker.reset?.();
      navigate('/Reports', { replace: true });
    } else blocker.proceed?.();
  };

  if (asking === 'unsaved')
    return <ConfirmDialog open title={EDIT_TEXT.unsavedTitle} text={EDIT_TEXT.unsaved} yes={EDIT_TEXT.leave} no={EDIT_TEXT.stay} onYes={() => blocker.proceed?.()} onNo={() => blocker.reset?.()} />;
  return (
    <Dialog open={asking === 'discard'} onClose={() => !busy && stay()} aria-labelledby="discard-title" aria-describedby="discard-text">
      <DialogTitle id="discard-title">{EDIT_TEXT.discardTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="discard-text">
          {EDIT_TEXT.discardText}
          {unsaved() ? ` ${EDIT_TEXT.discardUnsaved}` : ''}
        </DialogContentText>
        {error && <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert>}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={stay} disabled={busy}>{EDIT_TEXT.stay}</Button>
        <Button variant="outlined" onClick={() => blocker.proceed?.()} disabled={busy}>{EDIT_TEXT.keepButton}</Button>
        <Button variant="contained" color="error" onClick={() => void discard()} disabled={busy}>{EDIT_TEXT.discardButton}</Button>
      </DialogActions>
    </Dialog>
  );
}
