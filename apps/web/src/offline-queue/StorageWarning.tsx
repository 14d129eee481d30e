import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { QUEUE_TEXT } from './texts';
import { useStorageWarning } from './useQueue';

/**
 * Tells once, when the browser refused persistent storage, that what waits may be cleared on a full device. In the
 * header's flow under the navigation (Header.tsx), not a floating snackbar: at the bottom of the screen a snackbar
 * covered the report edit form's save bar and its 'Saved. Someone else had changed…' note (issue 23), and at the
 * top it would cover the navigation. It stays until OK is pressed.
 */
export function StorageWarning() {
  const warning = useStorageWarning();
  if (!warning.show) return null;
  return (
    <Alert severity="warning" data-testid="storage-warning" sx={{ borderRadius: 0, alignItems: 'center' }}
      action={<Button color="inherit" onClick={warning.dismiss} sx={{ minHeight: 44, minWidth: 44 }}>{QUEUE_TEXT.dismiss}</Button>}>
      {QUEUE_TEXT.storageNotPersistent}
    </Alert>
  );
}
