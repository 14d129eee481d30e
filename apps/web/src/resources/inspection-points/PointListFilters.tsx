import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { coarsePointer } from '../../theme';
import { useCategories } from './refs';
import { PT, POINT_TYPE_NAMES } from './texts';

/** The point list's own filters (issue 19): one point type and one product category, '' for any. */
export interface PointListPicks {
  pointType: string;
  productCategoryId: string;
}
export const NO_PICKS: PointListPicks = { pointType: '', productCategoryId: '' };

// the theme sizes buttons and checkboxes for touch, not inputs: a small select is 40 px tall, 44 with this padding
const touchSelect = { '& .MuiSelect-select': { [coarsePointer]: { py: '10.5px' } } } as const;

/**
 * Point type (by its one name) and product category (the categories the editors load) for the list query. In protocol
 * creation only the types the protocol takes (`allowedTypes`) are offered.
 */
export function PointListFilters({ value, onChange, allowedTypes }: { value: PointListPicks; onChange: (v: PointListPicks) => void; allowedTypes?: readonly string[] | null }) {
  const categories = useCategories();
  const types = Object.entries(POINT_TYPE_NAMES).filter(([t]) => !allowedTypes?.length || allowedTypes.includes(t));
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr' }}>
      <TextField select size="small" label={PT.filterPointType} value={value.pointType} sx={touchSelect}
        onChange={(e) => onChange({ ...value, pointType: e.target.value })}>
        <MenuItem value="">{PT.any}</MenuItem>
        {types.map(([t, name]) => <MenuItem key={t} value={t}>{name}</MenuItem>)}
      </TextField>
      <TextField select size="small" label={PT.filterCategory} value={categories.data ? value.productCategoryId : ''} sx={touchSelect}
        onChange={(e) => onChange({ ...value, productCategoryId: e.target.value })}>
        <MenuItem value="">{PT.any}</MenuItem>
        {(categories.data ?? []).map((c) => <MenuItem key={c.id} value={c.id}>{c.name}</MenuItem>)}
      </TextField>
    </Box>
  );
}
