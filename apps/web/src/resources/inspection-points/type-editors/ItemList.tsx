import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';

/** Moves an item and renumbers the indexes to the new order. */
export function move<T extends { index?: number | null }>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return items;
  const next = [...items];
  const [it] = next.splice(from, 1);
  next.splice(to, 0, it!);
  return next.map((x, i) => ({ ...x, index: i }));
}

/** A titled list of editable items with add, remove and move up/down (table fields and rows). */
export function ItemList<T extends { id?: string | null; index?: number | null }>(props: {
  title: string;
  noun: string;
  items: T[];
  onChange: (items: T[]) => void;
  newItem: () => T;
  render: (item: T, i: number, set: (patch: Partial<T>) => void) => ReactNode;
  disabled?: boolean;
}) {
  const { title, noun, items, onChange, newItem, render, disabled } = props;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle2">{title}</Typography>
      {items.map((it, i) => (
        <Box key={it.id ?? i} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <Box sx={{ flex: 1, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' }, minWidth: 0 }}>
            {render(it, i, (patch) => onChange(items.map((x, j) => (j === i ? { ...x, ...patch } : x))))}
          </Box>
          <IconButton aria-label={`Move ${noun} ${i + 1} up`} disabled={disabled || i === 0} onClick={() => onChange(move(items, i, i - 1))}><ArrowUpwardIcon /></IconButton>
          <IconButton aria-label={`Move ${noun} ${i + 1} down`} disabled={disabled || i === items.length - 1} onClick={() => onChange(move(items, i, i + 1))}><ArrowDownwardIcon /></IconButton>
          <IconButton aria-label={`Remove ${noun} ${i + 1}`} disabled={disabled} onClick={() => onChange(items.filter((_, j) => j !== i))}><DeleteIcon /></IconButton>
        </Box>
      ))}
      <Box>
        <Button variant="outlined" size="small" disabled={disabled} onClick={() => onChange([...items, newItem()])}>Add {noun}</Button>
      </Box>
    </Box>
  );
}
