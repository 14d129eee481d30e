import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TDocumentListItem } from '@insp/contracts';
import { trpc } from '../../providers/trpc';
import { useDebounced } from '../../components/useDebounced';
import { formatDateTime } from '../../lib/dates';
import { kb } from './uploads';

const PAGE = 50;

/** The selected category's documents (002 §2), searched by name (debounced 200 ms, 002 §9) and paged in SQL. */
export function DocumentList({ category, selectedId, onSelect, onRows }: {
  category: string; selectedId: string | null; onSelect(id: string): void; onRows?(rows: TDocumentListItem[]): void;
}) {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 200);
  const [pages, setPages] = useState(1);
  const list = useQuery({
    ...trpc.documents.list.queryOptions({ category, search, offset: 0, amount: PAGE * pages, orderKey: 'name', orderDirection: 'asc' }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.result ?? [];
  const count = list.data?.count ?? 0;
  useEffect(() => onRows?.(list.data?.result ?? []), [list.data, onRows]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      <TextField size="small" label="Search documents" value={text} onChange={(e) => { setText(e.target.value); setPages(1); }} />
      {list.isPending ? <Typography>Loading...</Typography> : null}
      <List aria-label="Documents" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 0 }}>
        {rows.map((d) => (
          <ListItem key={d.id} disablePadding>
            <ListItemButton selected={d.id === selectedId} aria-current={d.id === selectedId ? 'true' : undefined} onClick={() => onSelect(d.id)} sx={{ minHeight: 44 }}>
              <ListItemText
                primary={d.name}
                secondary={`${d.fileType} · ${kb(d.fileSize)} · version ${d.version} · ${formatDateTime(d.timestamp)}`}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
        {!list.isPending && !rows.length ? (
          <ListItem><Typography color="text.secondary">{list.isError ? 'Documents could not be loaded' : 'No documents'}</Typography></ListItem>
        ) : null}
      </List>
      {rows.length < count ? (
        <Button onClick={() => setPages((p) => p + 1)} disabled={list.isFetching}>Show more ({rows.length} of {count})</Button>
      ) : null}
    </Box>
  );
}
