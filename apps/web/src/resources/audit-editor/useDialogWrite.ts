import { useCallback, useState } from 'react';
import { shownMessage } from '../../lib/errors';
import { useAuditEditing } from './context';

/**
 * The write of an audit editor dialog: while it runs the action is busy; once the server answered the editor reloads
 * and the dialog closes; a refusal stays in the dialog with the server's words. `setError(null)` clears it.
 */
export function useDialogWrite(onClose: () => void) {
  const { reload } = useAuditEditing();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const write = useCallback(async (send: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await send();
      await reload();
      onClose();
    } catch (e) {
      setError(shownMessage(e));
    } finally {
      setBusy(false);
    }
  }, [reload, onClose]);
  return { busy, error, setError, write };
}
