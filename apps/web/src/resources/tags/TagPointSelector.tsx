import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ClearIcon from '@mui/icons-material/Clear';
import { pointTypeName } from '@insp/contracts';
import { trpc } from '../../providers/trpc';

const PAGE = 50;

/** Left side of /tags: points that have multiple choices or range values, searched by name (debounced 200 ms). */
export function TagPointSelector({ selectedId, onSelect }: { selectedId: string | null; onSelect(id: string): void }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [amount, setAmount] = useState(PAGE);
  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(text.trim());
      setAmount(PAGE);
    }, 200);
    return () => clearTimeout(t);
  }, [text]);
  const points = useQuery({ ...trpc.pointAuthoring.tagPoints.queryOptions({ search, offset: 0, amount }), placeholderData: keepPreviousData });
  const rows = points.data?.result ?? [];
  const count = points.data?.count ?? 0;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      <TextField
        size="small"
        label="Search inspection points"
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{
          input: {
            endAdornment: text ? (
              <InputAdornment position="end">
                <IconButton aria-label="Clear the search" onClick={() => setText('')} edge="end">
                  <ClearIcon />
                </IconButton>
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
      <List aria-label="Inspection points" sx={{ overflow: 'auto', maxHeight: { md: 'calc(100vh - 240px)' }, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {rows.map((p) => (
          <ListItem key={p.id} disablePadding>
            <ListItemButton selected={p.id === selectedId} aria-current={p.id === selectedId ? 'true' : undefined} onClick={() => onSelect(p.id)} sx={{ minHeight: 44 }}>
              <ListItemText primary={p.name} secondary={pointTypeName(p.type)} />
            </ListItemButton>
          </ListItem>
        ))}
        {!points.isLoading && !rows.length && (
          <ListItem>
            <Typography color="text.secondary">
              {points.isError ? 'Inspection points could not be loaded' : 'No inspection points with multiple choices or range values'}
            </Typography>
          </ListItem>
        )}
      </List>
      {rows.length < count && (
        <Button onClick={() => setAmount((a) => a + PAGE)} disabled={points.isFetching}>
          Show more ({rows.length} of {count})
        </Button>
      )}
    </Box>
  );
}
