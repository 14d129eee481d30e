import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { userLanguage } from '../../lib/language';
import { trpc } from '../../providers/trpc';
import type { StartForm } from './startRules';
import type { FieldProps } from './fieldProps';
import { TEXT } from './texts';
import { touchItem, touchOptions } from './touch';

type Customer = NonNullable<StartForm['customer']>;

/** Step 1: the customer, searched on the server as one types (spec 000 §9: 200 ms debounce), then its site. */
export function CustomerStep({ form, change, touch, shown }: FieldProps) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearch(typed.trim()), 200);
    return () => clearTimeout(t);
  }, [typed]);
  const customers = useQuery({ ...trpc.inspectionStart.customers.queryOptions({ search, lang: userLanguage() }), placeholderData: keepPreviousData });
  const options: Customer[] = (customers.data ?? []).map((c) => ({ id: c.id, name: c.name }));
  // The chosen customer stays choosable (and labelled) whatever the search shows.
  if (form.customer && !options.some((o) => o.id === form.customer!.id)) options.unshift(form.customer);
  const sites = useSites(form.customer?.id ?? null);

  return (
    <>
      <Autocomplete
        options={options}
        value={form.customer}
        loading={customers.isFetching}
        getOptionLabel={(o) => o.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterOptions={(x) => x}
        noOptionsText={TEXT.noCustomers}
        onChange={(_e, v) => change({ customer: v, siteId: null, equipmentId: null, protocolId: null })}
        onInputChange={(_e, text, reason) => reason === 'input' && setTyped(text)}
        onBlur={() => touch('customer')}
        slotProps={{ listbox: { sx: touchOptions } }}
        renderInput={(params) => (
          <TextField {...params} label={TEXT.customer} required error={!!shown.customer} helperText={shown.customer ?? TEXT.customerSearchHint} />
        )}
      />
      {form.customer && sites.data?.length === 0 ? (
        <Typography color="text.secondary">{TEXT.noSites}</Typography>
      ) : (
        <TextField
          select
          label={TEXT.site}
          required
          value={form.siteId ?? ''}
          disabled={!form.customer || !sites.data}
          onChange={(e) => change({ siteId: e.target.value || null, equipmentId: null, protocolId: null })}
          onBlur={() => touch('site')}
          error={!!shown.site}
          helperText={shown.site ?? ' '}
        >
          {(sites.data ?? []).map((s) => (
            <MenuItem key={s.id} value={s.id} sx={touchItem}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </>
  );
}

/** The sites of the chosen customer (none asked before one is chosen). */
export function useSites(customerId: string | null) {
  return useQuery({ ...trpc.inspectionStart.sites.queryOptions({ customerId: customerId ?? '' }), enabled: !!customerId });
}
