import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { formatDateTime } from '../lib/dates';
import { availableDb, type StoredItem } from './db';
import { removeItem } from './store';
import { AVAILABLE_TEXT, formatBytes } from './texts';
import { useStoredItems } from './useStored';
import { waitingWritesOf } from './waitingWrites';

const editorPath = (i: StoredItem) => (i.kind === 'audit' ? `/Audits/${i.id}` : `/Reports/${i.id}/edit`);

/** The browser's own figure for the whole app (IndexedDB, the service worker's cache), when it gives one. */
function useStorageEstimate(items: StoredItem[] | undefined) {
  const [estimate, setEstimate] = useState<StorageEstimate | null>(null);
  useEffect(() => {
    void navigator.storage?.estimate?.().then(setEstimate, () => setEstimate(null));
  }, [items]);
  return estimate;
}

/**
 * /OnThisDevice (issue 23): what 'Make available offline' stored, each with its name, when it was stored and its
 * size, and Remove. Something whose writes still wait in the offline queue is not removed (the writes would be
 * sent anyway, but the editor could no longer be opened offline to see them).
 */
export function OnThisDevicePage() {
  const items = useStoredItems();
  const estimate = useStorageEstimate(items);
  const [message, setMessage] = useState<{ severity: 'info' | 'warning'; text: string } | null>(null);
  const remove = async (i: StoredItem) => {
    const waiting = await waitingWritesOf(i.key);
    if (waiting > 0) return setMessage({ severity: 'warning', text: AVAILABLE_TEXT.waitingWrites(waiting) });
    await removeItem(availableDb(), i.key);
    setMessage({ severity: 'info', text: AVAILABLE_TEXT.removed(i.name) });
  };
  const total = (items ?? []).reduce((n, i) => n + i.bytes, 0);
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{AVAILABLE_TEXT.title}</Typography>
      <Typography>{AVAILABLE_TEXT.intro}</Typography>
      <div role="status" aria-live="polite">
        {message && <Alert severity={message.severity} onClose={() => setMessage(null)}>{message.text}</Alert>}
      </div>
      {items && items.length === 0 && <Typography color="text.secondary">{AVAILABLE_TEXT.nothing}</Typography>}
      {items && items.length > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table aria-label={AVAILABLE_TEXT.title}>
            <TableHead>
              <TableRow>
                <TableCell>{AVAILABLE_TEXT.name}</TableCell>
                <TableCell>{AVAILABLE_TEXT.kind}</TableCell>
                <TableCell>{AVAILABLE_TEXT.stored}</TableCell>
                <TableCell align="right">{AVAILABLE_TEXT.size}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((i) => (
                <TableRow key={i.key} data-testid="stored-item">
                  <TableCell>
                    <Link component={RouterLink} to={editorPath(i)} sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
                      {i.name}
                    </Link>
                  </TableCell>
                  <TableCell>{AVAILABLE_TEXT.kinds[i.kind]}</TableCell>
                  <TableCell>{formatDateTime(i.storedAt)}</TableCell>
                  <TableCell align="right">{formatBytes(i.bytes)}</TableCell>
                  <TableCell align="right">
                    <Button color="error" startIcon={<DeleteIcon />} onClick={() => void remove(i)} aria-label={AVAILABLE_TEXT.removeLabel(i.name)} sx={{ minHeight: 44 }}>
                      {AVAILABLE_TEXT.remove}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      <Typography variant="body2" color="text.secondary" data-testid="storage-usage">
        {AVAILABLE_TEXT.total(formatBytes(total))}
        {estimate?.usage !== undefined && estimate.quota ? `. ${AVAILABLE_TEXT.usage(formatBytes(estimate.usage), formatBytes(estimate.quota))}` : ''}
      </Typography>
    </Stack>
  );
}
