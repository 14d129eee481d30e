import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AutocompleteInput, FormDataConsumer, SelectInput, useRecordContext } from 'react-admin';
import type { TEquipment } from '@insp/contracts';
import { trpc } from '../../providers/trpc';

/** Customer (searched on the server as you type) and one of its sites. */
export function CustomerSiteInputs() {
  const record = useRecordContext<TEquipment>();
  const [search, setSearch] = useState('');
  const customers = useQuery(trpc.customers.list.queryOptions({ search, amount: 20, offset: 0 }));
  const choices = [...(customers.data?.result ?? [])];
  // Keep the saved customer choosable while the search shows others.
  if (record?.customerId && !choices.some((c) => c.id === record.customerId)) {
    choices.unshift({ id: record.customerId, name: record.customerName ?? '', mdmCustomerId: null });
  }
  return (
    <>
      <AutocompleteInput
        source="customerId"
        label="Customer"
        choices={choices}
        optionText="name"
        setFilter={setSearch}
        filterToQuery={(q: string) => q}
        isPending={customers.isPending}
        parse={(v) => v || null}
      />
      <FormDataConsumer<{ customerId?: string | null }>>
        {({ formData }) => <SiteSelect customerId={formData.customerId ?? null} />}
      </FormDataConsumer>
    </>
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
