import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { touchItem } from '../../pages/start-inspection/touch';
import { ACTION_TEXT, VIEWS, type ActionView } from './texts';

export interface ActionFilterValues {
  view: ActionView;
  search: string;
}
export const initialActionFilters: ActionFilterValues = { view: 'active', search: '' };

/** The actions list's filters: the state (one view at a time, proposed and open by default) and search. */
export function ActionFilters({ value, change }: { value: ActionFilterValues; change: (patch: Partial<ActionFilterValues>) => void }) {
  const field = { minWidth: 160, flex: '1 1 160px' };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }} role="search" aria-label="Filter the actions">
      <TextField select label={ACTION_TEXT.state} value={value.view} onChange={(e) => change({ view: e.target.value as ActionView })} sx={field}>
        {(Object.keys(VIEWS) as ActionView[]).map((v) => (
          <MenuItem key={v} value={v} sx={touchItem}>
            {VIEWS[v].label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="search"
        label="Search"
        placeholder={ACTION_TEXT.search}
        value={value.search}
        onChange={(e) => change({ search: e.target.value })}
        sx={{ ...field, minWidth: 240 }}
      />
    </Box>
  );
}
