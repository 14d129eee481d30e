import Typography from '@mui/material/Typography';
import { QUEUE_TEXT } from './texts';
import type { ItemStatus } from './queue';
import { useItemStatus } from './useQueue';

/** The words for one item's status (docs/decisions.md, "Offline write queue (issue 23)"). */
export function statusText(s: ItemStatus): string {
  switch (s.state) {
    case 'device': return QUEUE_TEXT.savedOnDevice;
    case 'sending': return s.progress !== undefined && s.progress < 1 ? QUEUE_TEXT.sendingProgress(Math.round(s.progress * 100)) : QUEUE_TEXT.sending;
    case 'saved': return QUEUE_TEXT.saved;
    case 'refused': return QUEUE_TEXT.notSaved(s.message);
  }
}

/**
 * Small text beside an item: 'Saved on this device', 'Sending…' (with the upload's percent), 'Saved', or
 * 'Not saved: <reason>' (unless `refusalShown`: the screen shows the refusal it was answered). A polite status region, so a screen reader hears it change; words, not colour alone.
 */
export function WriteStatus({ item, refusalShown = false }: { item: string; refusalShown?: boolean }) {
  const status = useItemStatus(item);
  // The screen already says 'Not saved: …' for the write it was waiting on: not twice.
  const s = refusalShown && status?.state === 'refused' ? undefined : status;
  return (
    <Typography component="span" role="status" aria-live="polite" data-testid="write-status" data-state={s?.state ?? 'none'}
      variant="caption" sx={{ ml: 1, color: s?.state === 'refused' ? 'error.main' : 'text.secondary', fontWeight: s?.state === 'refused' ? 600 : 400 }}>
      {s ? statusText(s) : ''}
    </Typography>
  );
}
