import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useCategories } from './refs';
import type { PointForm } from './rules';

/** Name, description and product category (001 §2 common form); name and category are required to save (001 §5). */
export function CommonFields({ value, onChange, disabled }: { value: PointForm; onChange: (p: Partial<PointForm>) => void; disabled?: boolean }) {
  const categories = useCategories();
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <TextField size="small" required label="Name" value={value.name} disabled={disabled} onChange={(e) => onChange({ name: e.target.value })}
        error={!value.name.trim()} helperText={value.name.trim() ? ' ' : 'Name is required'} slotProps={{ htmlInput: { maxLength: 400 } }} />
      <TextField size="small" multiline minRows={2} label="Description" value={value.description ?? ''} disabled={disabled} onChange={(e) => onChange({ description: e.target.value })} />
      <TextField select size="small" required label="Product category" value={value.productCategoryId || ''} disabled={disabled}
        onChange={(e) => onChange({ productCategoryId: e.target.value })}
        error={!value.productCategoryId} helperText={value.productCategoryId ? ' ' : 'Product category is required'}>
        {(categories.data ?? []).map((c) => <MenuItem key={c.id} value={c.id}>{c.name}</MenuItem>)}
      </TextField>
    </Box>
  );
}
