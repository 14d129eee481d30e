import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import DownloadForOfflineIcon from '@mui/icons-material/DownloadForOfflineOutlined';
import { formatDateTime } from '../lib/dates';
import { shownMessage } from '../lib/errors';
import { itemKey, type StoredKind } from './keys';
import type { DownloadDeps, Progress } from './download';
import { AVAILABLE_TEXT, formatBytes } from './texts';
import { useStoredItem } from './useStored';

type State = { step: 'idle' } | { step: 'downloading'; progress: Progress } | { step: 'failed'; reason: string };

/**
 * 'Make available offline' on the report edit form and the audit editor: downloads what the editor reads (one
 * server call, then the files) into this device's store, with progress, and then says when it was stored. Pressed
 * again, it downloads afresh (photos added since are fetched too).
 */
export function MakeAvailableOffline({ kind, id, deps }: { kind: StoredKind; id: string; deps?: DownloadDeps }) {
  const stored = useStoredItem(itemKey(kind, id));
  const [state, setState] = useState<State>({ step: 'idle' });
  const run = async () => {
    setState({ step: 'downloading', progress: { done: 0, total: 1 } });
    try {
      const d = deps ?? (await import('./app-deps')).appDownloadDeps;
      // the download and the store's database (Dexie) are fetched when pressed, not with the editor (issue 23)
      const { makeAvailableOffline } = await import('./download');
      await makeAvailableOffline(kind, id, d, (progress) => setState({ step: 'downloading', progress }));
      setState({ step: 'idle' });
    } catch (e) {
      setState({ step: 'failed', reason: shownMessage(e) });
    }
  };
  const busy = state.step === 'downloading';
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }} data-testid="make-available-offline">
      <Button variant="outlined" startIcon={<DownloadForOfflineIcon />} onClick={() => void run()} disabled={busy}>
        {AVAILABLE_TEXT.makeAvailable}
      </Button>
      <Box role="status" aria-live="polite" sx={{ minWidth: 0 }}>
        {state.step === 'downloading' && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <LinearProgress
              variant="determinate"
              value={(100 * state.progress.done) / state.progress.total}
              aria-label={AVAILABLE_TEXT.makeAvailable}
              sx={{ width: 120 }}
            />
            <Typography variant="body2">{AVAILABLE_TEXT.downloading(state.progress.done, state.progress.total)}</Typography>
          </Box>
        )}
        {state.step === 'failed' && (
          <Typography variant="body2" color="error" data-testid="available-failed">
            {AVAILABLE_TEXT.failed(state.reason)}
          </Typography>
        )}
        {state.step === 'idle' && stored && (
          <Typography variant="body2" color="text.secondary" data-testid="available-done">
            {AVAILABLE_TEXT.available(formatDateTime(stored.storedAt))} · {formatBytes(stored.bytes)}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
