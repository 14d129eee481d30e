import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { FormDataConsumer, SelectInput, useInput, useRecordContext } from 'react-admin';
import type { TEquipment } from '@insp/contracts';
import { userLanguage } from '../../lib/language';
import { trpc } from '../../providers/trpc';

type Choice = { id: string; name: string };

/** Customer (searched on the server as you type) and one of its sites. */
export function CustomerSiteInputs() {
  return (
    <>
      <CustomerInput />
      <FormDataConsumer<{ customerId?: string | null }>>
        {({ formData }) => <SiteSelect customerId={formData.customerId ?? null} />}
      </FormDataConsumer>
    </>
  );
}

function CustomerInput() {
  const record = useRecordContext<TEquipment>();
  const { field } = useInput({ source: 'customerId', parse: (v) => v || null });
  const [search, setSearch] = useState('');
  // The chosen customer stays choosable (and labelled) whatever the search shows.
  const [picked, setPicked] = useState<Choice | null>(
    record?.customerId ? { id: record.customerId, name: record.customerName ?? '' } : null,
  );
  const customers = useQuery(trpc.customers.list.queryOptions({ search, amount: 20, offset: 0, lang: userLanguage() }));
  const options: Choice[] = (customers.data?.result ?? []).map((c) => ({ id: c.id, name: c.name }));
  if (picked && !options.some((o) => o.id === picked.id)) options.unshift(picked);
  const value = options.find((o) => o.id === field.value) ?? null;

  return (
    <Autocomplete
      options={options}
      value={value}
      loading={customers.isPending}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      onChange={(_e, v) => {
        setPicked(v);
        field.onChange(v?.id ?? null);
      }}
      onInputChange={(_e, text, reason) => reason === 'input' && setSearch(text)}
      onBlur={field.onBlur}
      renderInput={(params) => <TextField {...params} label="Customer" />}
      sx={{ width: '100%', mt: 1, mb: 2.5 }}
    />
  );
}

function SiteSelect({ customerId }: { customerId: string | null }) {
  const customer = useQuery({ ...trpc.customers.get.queryOptions({ id: customerId ?? '' }), enabled: !!customerId });
  const sites = customer.data?.sites ?? [];
  return (
    <SelectInput
      source="customerSiteId"
      label="Site"
      choices={sites}
      optionText="name"
      disabled={!customerId}
      emptyText="(no site)"
      parse={(v) => v || null}
    />
  );
}
