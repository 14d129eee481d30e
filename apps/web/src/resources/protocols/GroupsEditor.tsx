import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { addGroup, type ProtocolForm } from './form';
import { touchChipSx } from './touch';

type Change = (f: (form: ProtocolForm) => ProtocolForm) => void;
const NO_CATEGORY = -1;

function CategorySelect({ form, label, value, onChange, exclude = [] }: { form: ProtocolForm; label: string; value: string; onChange: (v: string) => void; exclude?: number[] }) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)} fullWidth={false} sx={{ width: 200 }}>
      {/* 001 §3: -1 means 'no category' */}
      <MenuItem value={String(NO_CATEGORY)}>No category</MenuItem>
      {form.categories.map((c, i) => (exclude.includes(i) ? null : <MenuItem key={c.key} value={String(i)}>{c.title || `Category ${i + 1}`}</MenuItem>))}
    </TextField>
  );
}

/** Category groups: a name and category indices; adding one requires choosing a category (001 §5). */
export function GroupsEditor({ form, change }: { form: ProtocolForm; change: Change }) {
  const [name, setName] = useState('');
  const [cat, setCat] = useState('');
  const title = (x: number) => (x === NO_CATEGORY ? 'No category' : form.categories[x]?.title || `Category ${x + 1}`);
  const setGroup = (gi: number, indices: (xs: number[]) => number[]) =>
    change((f) => ({ ...f, groups: f.groups.map((g, k) => (k === gi ? { ...g, categoryIndices: indices(g.categoryIndices) } : g)) }));
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>Category groups</Typography>
      {form.groups.map((g, gi) => (
        <Box key={g.key} role="group" aria-label={`Category group ${g.name || gi + 1}`} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <TextField size="small" fullWidth={false} sx={{ width: 220 }} label={`Group ${gi + 1} name`} value={g.name} required error={!g.name.trim()}
            onChange={(e) => change((f) => ({ ...f, groups: f.groups.map((x, k) => (k === gi ? { ...x, name: e.target.value } : x)) }))} />
          {g.categoryIndices.map((x, k) => (
            <Chip key={`${x}-${k}`} sx={touchChipSx} label={title(x)} onDelete={() => setGroup(gi, (xs) => xs.filter((_, n) => n !== k))} />
          ))}
          <CategorySelect form={form} label={`Add to group ${gi + 1}`} value="" exclude={g.categoryIndices}
            onChange={(v) => setGroup(gi, (xs) => [...xs, Number(v)])} />
          <IconButton aria-label={`Remove group ${gi + 1}`} onClick={() => change((f) => ({ ...f, groups: f.groups.filter((_, k) => k !== gi) }))}><DeleteIcon /></IconButton>
        </Box>
      ))}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <TextField size="small" fullWidth={false} sx={{ width: 220 }} label="New group name" value={name} onChange={(e) => setName(e.target.value)} />
        <CategorySelect form={form} label="Group category" value={cat} onChange={setCat} />
        <Button variant="outlined" disabled={cat === '' || !name.trim()}
          onClick={() => { change((f) => addGroup(f, name.trim(), cat === '' ? null : Number(cat))); setName(''); setCat(''); }}>
          Add group
        </Button>
      </Box>
    </Box>
  );
}
