import { useQuery } from '@tanstack/react-query';
import { SelectInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { trpc } from '../../providers/trpc';
import { NEW_COMPANY } from './validation';

/** Staff only: select an existing company, or "New company" and type its name (002 §2 Distributors). */
export function CompanyInput() {
  const companies = useQuery(trpc.externalUsers.companies.queryOptions());
  const selected = useWatch({ name: 'company.id' });
  const choices = [{ id: NEW_COMPANY, name: 'New company' }, ...(companies.data ?? [])];
  return (
    <>
      <SelectInput
        source="company.id"
        label="Company"
        choices={choices}
        isPending={companies.isPending}
        emptyText=""
      />
      {selected === NEW_COMPANY && <TextInput source="company.name" label="New company name" defaultValue="" />}
    </>
  );
}
