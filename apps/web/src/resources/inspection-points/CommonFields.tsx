import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useCategories } from './refs';
import type { PointForm } from './rules';

/** Name, description and product category (001 §2 common form); name and category are required to save (001 §5). */
export function CommonFields({ value, onChange, disabled }: { value: PointForm; onChange: (p: Partial<PointForm>) => void; disabled?: boolean }) {
  const categories = useCategories();
  // a required field turns red once it was left empty, not on a fresh form
  const [touched, setTouched] = useState({ name: false, category: false });
  const nameBad = touched.name && !value.name.trim();
  const categoryBad = touched.category && !value.productCategoryId;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <TextField size="small" required label="Name" value={value.name} disabled={disabled} onChange={(e) => onChange({ name: e.target.value })}
        onBlur={() => setTouched((t) => ({ ...t, name: true }))}
        error={nameBad} helperText={nameBad ? 'Name is required' : ' '} slotProps={{ htmlInput: { maxLength: 400 } }} />
      <TextField size="small" multiline minRows={2} label="Description" value={value.description ?? ''} disabled={disabled} onChange={(e) => onChange({ description: e.target.value })} />
      <TextField select size="small" required label="Product category" value={value.productCategoryId || ''} disabled={disabled}
        onChange={(e) => onChange({ productCategoryId: e.target.value })}
        onBlur={() => setTouched((t) => ({ ...t, category: true }))}
        error={categoryBad} helperText={categoryBad ? 'Product category is required' : ' '}>
        {(categories.data ?? []).map((c) => <MenuItem key={c.id} value={c.id}>{c.name}</MenuItem>)}
      </TextField>
    </Box>
  );
}
