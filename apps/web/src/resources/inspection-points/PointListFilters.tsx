import Box from '@mui/material/Box';
import { coarsePointer } from '../../theme';
import { AnySelect } from './AnySelect';
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
      <AnySelect label={PT.filterPointType} value={value.pointType} sx={touchSelect} options={types.map(([id, label]) => ({ id, label }))}
        onChange={(pointType) => onChange({ ...value, pointType })} />
      <AnySelect label={PT.filterCategory} value={categories.data ? value.productCategoryId : ''} sx={touchSelect}
        options={(categories.data ?? []).map((c) => ({ id: c.id, label: c.name }))}
        onChange={(productCategoryId) => onChange({ ...value, productCategoryId })} />
    </Box>
  );
}
