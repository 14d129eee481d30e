import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { CustomerPick, type PickedCustomer } from '../../components/CustomerPick';
import { trpc } from '../../providers/trpc';
import { touchItem } from '../../pages/start-inspection/touch';
import { ACTION_TEXT, VIEWS, type ActionView } from './texts';

export interface ActionFilterValues {
  view: ActionView;
  customer: PickedCustomer | null;
  /** '' anyone, 'me' the signed-in user, else a staff user's id. */
  assignee: string;
  search: string;
}
export const initialActionFilters: ActionFilterValues = { view: 'active', customer: null, assignee: '', search: '' };

/**
 * The actions list's filters: the state (one view at a time, proposed and open by default), the customer (staff who
 * pick customers; distributors see their company's machines anyway), the assignee (managers; a staff user sees only
 * the actions assigned to them) and search (serial, customer, point, text). Each is a server filter of actions.list.
 */
export function ActionFilters({ value, change, pickCustomers, pickAssignee }: {
  value: ActionFilterValues;
  change: (patch: Partial<ActionFilterValues>) => void;
  pickCustomers: boolean;
  pickAssignee: boolean;
}) {
  const field = { minWidth: 160, flex: '1 1 160px' };
  const staff = useQuery({ ...trpc.plans.inspectors.queryOptions({ search: '' }), enabled: pickAssignee });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }} role="search" aria-label="Filter the actions">
      <TextField select label={ACTION_TEXT.state} value={value.view} onChange={(e) => change({ view: e.target.value as ActionView })} sx={field}>
        {(Object.keys(VIEWS) as ActionView[]).map((v) => (
          <MenuItem key={v} value={v} sx={touchItem}>
            {VIEWS[v].label}
          </MenuItem>
        ))}
      </TextField>
      {pickCustomers && (
        <CustomerPick
          value={value.customer}
          onChange={(customer) => change({ customer })}
          label={ACTION_TEXT.customer}
          placeholder={ACTION_TEXT.allCustomers}
          sx={{ ...field, minWidth: 220 }}
        />
      )}
      {pickAssignee && (
        <TextField select label={ACTION_TEXT.assignee} value={value.assignee} onChange={(e) => change({ assignee: e.target.value })} sx={field}>
          <MenuItem value="" sx={touchItem}>
            {ACTION_TEXT.anyone}
          </MenuItem>
          <MenuItem value="me" sx={touchItem}>
            {ACTION_TEXT.me}
          </MenuItem>
          {(staff.data ?? []).map((u) => (
            <MenuItem key={u.id} value={u.id} sx={touchItem}>
              {u.name}
            </MenuItem>
          ))}
        </TextField>
      )}
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
