import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import type { PlanState } from '@insp/contracts';
import { CustomerPick } from '../../components/CustomerPick';
import { trpc } from '../../providers/trpc';
import { touchItem } from '../../pages/start-inspection/touch';
import { PLAN_TEXT, STATE_LABEL, WINDOWS } from './texts';

export interface DueFilterValues {
  within: number;
  customer: { id: string; name: string } | null;
  siteId: string;
  state: PlanState | '';
  search: string;
}
export const initialDueFilters: DueFilterValues = { within: 30, customer: null, siteId: '', state: '', search: '' };

const STATE_ORDER: PlanState[] = ['overdue', 'due', 'in_progress', 'upcoming'];

/**
 * The Due view's filters: window, customer and site (for staff, who pick customers: distributors see their own
 * machines only), state and search. A state lists every plan in it whatever the window, so the window then rests.
 */
export function DueFilters({ value, change, pickCustomers }: { value: DueFilterValues; change: (patch: Partial<DueFilterValues>) => void; pickCustomers: boolean }) {
  const sites = useQuery({ ...trpc.inspectionStart.sites.queryOptions({ customerId: value.customer?.id ?? '' }), enabled: !!value.customer });
  const field = { minWidth: 160, flex: '1 1 160px' };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }} role="search" aria-label="Filter the due list">
      <TextField
        select
        label={PLAN_TEXT.window}
        value={value.state ? '' : String(value.within)}
        disabled={!!value.state}
        onChange={(e) => change({ within: Number(e.target.value) })}
        sx={field}
      >
        {WINDOWS.map((w) => (
          <MenuItem key={w} value={String(w)} sx={touchItem}>
            {w} days
          </MenuItem>
        ))}
      </TextField>
      {pickCustomers && (
        <>
          <CustomerPick
            value={value.customer}
            onChange={(customer) => change({ customer, siteId: '' })}
            label={PLAN_TEXT.customer}
            placeholder={PLAN_TEXT.allCustomers}
            sx={{ ...field, minWidth: 220 }}
          />
          <TextField
            select
            label={PLAN_TEXT.site}
            value={value.siteId}
            disabled={!value.customer || !sites.data?.length}
            onChange={(e) => change({ siteId: e.target.value })}
            sx={field}
          >
            <MenuItem value="" sx={touchItem}>
              {PLAN_TEXT.allSites}
            </MenuItem>
            {(sites.data ?? []).map((s) => (
              <MenuItem key={s.id} value={s.id} sx={touchItem}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
        </>
      )}
      <TextField select label={PLAN_TEXT.state} value={value.state} onChange={(e) => change({ state: e.target.value as PlanState | '' })} sx={field}>
        <MenuItem value="" sx={touchItem}>
          {PLAN_TEXT.anyState}
        </MenuItem>
        {STATE_ORDER.map((s) => (
          <MenuItem key={s} value={s} sx={touchItem}>
            {STATE_LABEL[s]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="search"
        label="Search"
        placeholder={PLAN_TEXT.search}
        value={value.search}
        onChange={(e) => change({ search: e.target.value })}
        sx={{ ...field, minWidth: 240 }}
      />
    </Box>
  );
}
