import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebounced } from './useDebounced';
import { userLanguage } from '../lib/language';
import { trpc } from '../providers/trpc';
import { touchOptions } from '../pages/start-inspection/touch';

export interface PickedCustomer {
  id: string;
  name: string;
}

/**
 * A customer filter searched on the server as the user types (inspectionStart.customers, the staff's pick of
 * /Reports/new), 'All customers' when empty: the Due view's and the Actions screen's customer filter.
 */
export function CustomerPick({ value, onChange, label, placeholder, sx }: {
  value: PickedCustomer | null;
  onChange: (customer: PickedCustomer | null) => void;
  label: string;
  placeholder: string;
  sx?: SxProps<Theme>;
}) {
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim(), 200);
  const customers = useQuery({ ...trpc.inspectionStart.customers.queryOptions({ search, lang: userLanguage() }), placeholderData: keepPreviousData });
  const options = (customers.data ?? []).map((c) => ({ id: c.id, name: c.name }));
  if (value && !options.some((o) => o.id === value.id)) options.unshift(value);
  return (
    <Autocomplete
      options={options}
      value={value}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      onChange={(_e, v) => onChange(v)}
      onInputChange={(_e, text, reason) => reason === 'input' && setTyped(text)}
      slotProps={{ listbox: { sx: touchOptions } }}
      sx={sx}
      renderInput={(params) => <TextField {...params} label={label} placeholder={placeholder} />}
    />
  );
}
