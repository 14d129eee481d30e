import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { formatDateTime } from '../lib/dates';
import type { QueueEntry } from './db';
import { useDismissRefused, useRefusedEntries } from './useRefused';

export const REFUSED_TEXT = {
  button: (n: number) => (n === 1 ? '1 change not saved' : `${n} changes not saved`),
  title: 'Changes not saved',
  intro: 'The server refused these changes. They will not be sent again; change the item and save it again if it is still needed.',
  reason: 'Reason',
  made: 'Made',
  open: 'Open',
  dismiss: 'Dismiss',
  close: 'Close',
  none: 'Nothing was refused.',
};

const TEXT_FIELDS: Record<string, string> = { summary: 'Summary', comment: 'Comment', internalComment: 'Internal comment' };

/** What a refused write was, in words ('Audit: answer of a point'), from its procedure and input. */
export function describeEntry(e: QueueEntry): string {
  if (e.kind === 'upload') return `Photo or recording: ${e.fileName ?? 'file'}`;
  const input = (e.input ?? {}) as { field?: string };
  switch (e.procedure) {
    case 'audits.setText': return `Audit: ${TEXT_FIELDS[input.field ?? ''] ?? 'text'}`;
    case 'audits.createResult':
    case 'audits.updateResult': return 'Audit: answer of a point';
    case 'inspectionEdit.update': return 'Inspection report: the whole save';
    case 'inspectionEdit.saveResults': return 'Inspection report: answers of points';
    case 'inspectionEdit.finish': return 'Inspection report: finishing';
    default: return e.scope.startsWith('audit:') ? 'Audit: a change' : 'A change';
  }
}

/** Where the item lives: the audit editor or the report edit form (none for a photo alone). */
function pageOf(e: QueueEntry): string | null {
  const [kind, id] = e.scope.split(':');
  if (!id) return null;
  return kind === 'audit' ? `/Audits/${id}` : kind === 'inspection' ? `/Reports/${id}/edit` : null;
}

/**
 * The header's way to the writes the server refused (issue 23): a button counting them, opening a list with what
 * each was, when it was made, the server's reason and Dismiss. Nothing while none are refused.
 */
export function RefusedWrites() {
  const entries = useRefusedEntries();
  const dismiss = useDismissRefused();
  const [open, setOpen] = useState(false);
  if (!entries.length && !open) return null;
  return (
    <>
      {entries.length > 0 && (
        <Button color="inherit" variant="outlined" size="small" startIcon={<ErrorIcon aria-hidden />} onClick={() => setOpen(true)} data-testid="refused-button"
          sx={{ borderColor: 'rgba(255,255,255,0.5)', whiteSpace: 'nowrap' }}>
          {REFUSED_TEXT.button(entries.length)}
        </Button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="refused-title" fullWidth maxWidth="sm">
        <DialogTitle id="refused-title">{REFUSED_TEXT.title}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>{entries.length ? REFUSED_TEXT.intro : REFUSED_TEXT.none}</Typography>
          <List aria-label={REFUSED_TEXT.title}>
            {entries.map((e) => {
              const page = pageOf(e);
              return (
                <ListItem key={e.id} divider data-testid="refused-entry" sx={{ display: 'block', px: 0 }}>
                  <Typography variant="subtitle2" component="p">{describeEntry(e)}</Typography>
                  <Typography variant="body2" color="text.secondary">{REFUSED_TEXT.made}: {formatDateTime(e.createdAt)}</Typography>
                  <Typography variant="body2" color="error.main">{REFUSED_TEXT.reason}: {e.error ?? ''}</Typography>
                  <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                    {page && <Button component={RouterLink} to={page} onClick={() => setOpen(false)} variant="outlined" sx={{ minHeight: 44 }}>{REFUSED_TEXT.open}</Button>}
                    <Button onClick={() => void dismiss(e.id)} variant="outlined" color="error" sx={{ minHeight: 44 }}>{REFUSED_TEXT.dismiss}</Button>
                  </Stack>
                </ListItem>
              );
            })}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} sx={{ minHeight: 44 }}>{REFUSED_TEXT.close}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
