import { Create, SimpleForm, TextInput, required } from 'react-admin';
import { P } from '@insp/contracts';
import { RequirePermission } from '../../layout/NotAllowed';

/** Admins add a customer (the spec shows no form); sites and contacts are added on its details page after. */
export function CustomerCreate() {
  return (
    <RequirePermission rule={P.customersAdmin}>
      <Create resource="Customers" title="New customer" redirect="edit">
        <SimpleForm>
          <TextInput source="name" label="Name" validate={required()} />
          <TextInput source="mdmCustomerId" label="MDM ID" />
        </SimpleForm>
      </Create>
    </RequirePermission>
  );
}
