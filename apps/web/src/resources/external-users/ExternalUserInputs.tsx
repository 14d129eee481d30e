import { useQuery } from '@tanstack/react-query';
import { CheckboxGroupInput, TextInput } from 'react-admin';
import { trpc } from '../../providers/trpc';
import { CompanyInput } from './CompanyInput';
import { CheckboxInput } from './CheckboxInput';

type CategoryRef = { productCategoryId: string };

/**
 * The fields of the add and edit forms (002 §2, §5): name, e-mail, categories (divisions), and for staff
 * the company selector and the distributor-admin checkbox. Distributor admins do not see those two.
 */
export function ExternalUserInputs({ staff }: { staff: boolean }) {
  const categories = useQuery(trpc.externalUsers.categories.queryOptions());
  return (
    <>
      <TextInput source="name" label="Name" fullWidth />
      {/* no type="email": the browser would block the save with its own bubble instead of our message */}
      <TextInput source="email" label="E-mail" fullWidth />
      {staff && <CompanyInput />}
      <CheckboxGroupInput
        source="categories"
        label="Categories (divisions)"
        choices={categories.data ?? []}
        format={(v?: CategoryRef[]) => (v ?? []).map((c) => c.productCategoryId)}
        parse={(ids?: string[]) => (ids ?? []).map((productCategoryId) => ({ productCategoryId }))}
      />
      {staff && <CheckboxInput source="distributorAdmin" label="Distributor admin" />}
    </>
  );
}
