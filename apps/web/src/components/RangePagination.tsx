import { useListContext } from 'react-admin';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/** '1 ... 50', '51 ... 100', …: the page selector labels of the spec (000 §2.1, 002 §2). */
export const rangeLabel = (page: number, perPage: number, total: number) =>
  `${(page - 1) * perPage + 1} ... ${Math.min(page * perPage, Math.max(total, 1))}`;

/** The row count: '10,000+' when the server stopped counting there (countCapped). */
export const countLabel = (total: number, capped = false) =>
  capped ? `${total.toLocaleString('en')}+ rows` : `${total} ${total === 1 ? 'row' : 'rows'}`;

/** List pagination: a select of row ranges plus the total count. */
export function RangePagination() {
  const { page, perPage, total, setPage, isPending, meta } = useListContext();
  if (isPending || total === undefined) return null;
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 2, px: 2, py: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {countLabel(total, !!meta?.countCapped)}
      </Typography>
      <TextField
        select
        size="small"
        fullWidth={false}
        label="Rows"
        value={Math.min(page, pages)}
        onChange={(e) => setPage(Number(e.target.value))}
        slotProps={{ htmlInput: { 'aria-label': 'Page' } }}
        sx={{ width: 170, flex: 'none' }}
      >
        {Array.from({ length: pages }, (_, i) => (
          <MenuItem key={i + 1} value={i + 1}>
            {rangeLabel(i + 1, perPage, total)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
