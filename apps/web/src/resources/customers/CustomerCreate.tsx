import { Create, SelectInput, SimpleForm, TextInput, required } from 'react-admin';
import { P } from '@insp/contracts';
import { REPORT_LANGUAGES } from '../inspections/languages';
import { TEXT } from './texts';
import { RequirePermission } from '../../layout/NotAllowed';

/** Admins add a customer (the spec shows no form); sites and contacts are added on its details page after. */
export function CustomerCreate() {
  return (
    <RequirePermission rule={P.customersAdmin}>
      <Create resource="Customers" title="New customer" redirect="edit">
        <SimpleForm>
          <TextInput source="name" label="Name" validate={required()} />
          <TextInput source="mdmCustomerId" label="MDM ID" />
          {/* issue 20: the language of the reports e-mailed to the customer; none leaves it to the person saving */}
          <SelectInput source="language" label={TEXT.reportLanguage} choices={REPORT_LANGUAGES.map((l) => ({ id: l.code, name: l.name }))} emptyText={TEXT.noLanguage} />
        </SimpleForm>
      </Create>
    </RequirePermission>
  );
}
