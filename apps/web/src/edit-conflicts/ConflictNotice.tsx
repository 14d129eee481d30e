import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { CONFLICT_TEXT } from './texts';
import type { Conflict } from './useEditVersion';

/** The notice beside a field that someone else changed too, with Dismiss (a polite status: it is news, not an error). */
export function ConflictNotice({ field, conflict, onDismiss }: { field: string; conflict: Conflict | null; onDismiss(): void }) {
  if (!conflict) return null;
  const text = CONFLICT_TEXT[conflict.kind](field, conflict.by, conflict.at);
  return (
    <Alert severity={conflict.kind === 'changed' ? 'info' : 'warning'} role="status" aria-live="polite" data-testid="conflict-notice"
      data-kind={conflict.kind} sx={{ mt: 1 }}
      action={<Button color="inherit" onClick={onDismiss} sx={{ minHeight: 44 }}>{CONFLICT_TEXT.dismiss}</Button>}>
      {text}
    </Alert>
  );
}
