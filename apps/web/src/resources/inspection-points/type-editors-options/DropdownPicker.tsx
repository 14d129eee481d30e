import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useExistingDropdowns } from './api';
import type { PickedDropdown } from './dropdowns';

/** 001 §9: picker height 300 px; searches are debounced by 200 ms. */
export const PICKER_HEIGHT = 300;

/** 'Pick an existing dropdown': existing dropdowns searched by title; a click copies one (pickCopy). */
export function DropdownPicker({ onPick }: { onPick(d: PickedDropdown): void }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearch(text.trim()), 200);
    return () => clearTimeout(t);
  }, [text]);
  const found = useExistingDropdowns(search, true);
  const list = found.data ?? [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <TextField size="small" label="Search dropdowns" value={text} onChange={(e) => setText(e.target.value)} sx={{ maxWidth: 400 }} autoFocus />
      <List dense aria-label="Existing dropdowns" sx={{ height: PICKER_HEIGHT, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {list.map((d) => (
          <ListItem key={d.id} disablePadding>
            <ListItemButton onClick={() => onPick(d)}>
              <ListItemText
                primary={d.title || '(no title)'}
                secondary={`${d.options.length} options: ${d.options.map((o) => o.title).join(', ')}${d.inspectionPointName ? ` (from ${d.inspectionPointName})` : ''}`}
                slotProps={{ secondary: { noWrap: true } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
        {!found.isLoading && !list.length && (
          <ListItem>
            <Typography variant="body2" color="text.secondary">
              {found.isError ? 'Dropdowns could not be loaded' : 'No dropdowns found'}
            </Typography>
          </ListItem>
        )}
      </List>
    </Box>
  );
}
