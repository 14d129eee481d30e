import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { updates, useUpdateState, type UpdateController } from './update';

export const READY = 'A new version is ready.';
export const READY_AFTER_SENDING = 'A new version is ready. It will be installed when everything is sent.';

/**
 * A small notice at the bottom of the screen while a new version waits (pwa/update.ts has the rule). It does not
 * block the page: no backdrop, no focus taken; a status region announces it.
 */
export function UpdateNotice({ controller = updates }: { controller?: UpdateController }) {
  const { waiting, pendingWrites } = useUpdateState(controller);
  if (!waiting) return null;
  const blocked = pendingWrites > 0;
  return (
    <Paper
      role="status"
      aria-live="polite"
      elevation={6}
      sx={{
        position: 'fixed',
        zIndex: (t) => t.zIndex.snackbar,
        bottom: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        width: 'max-content',
        maxWidth: 'calc(100vw - 32px)',
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        px: 2,
        py: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
      <Typography sx={{ py: 1 }}>{blocked ? READY_AFTER_SENDING : READY}</Typography>
      {!blocked && (
        <Button
          variant="contained"
          color="secondary"
          onClick={() => void controller.applyUpdate()}
          sx={{ minHeight: 44, minWidth: 88, flexShrink: 0 }}
        >
          Reload
        </Button>
      )}
    </Paper>
  );
}
