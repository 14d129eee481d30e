import { Create, SelectInput, SimpleForm, TextInput, required, useInput } from 'react-admin';
import { P } from '@insp/contracts';
import { TimeZonePicker } from '../../components/TimeZonePicker';
import { REPORT_LANGUAGES } from '../inspections/languages';
import { RequirePermission } from '../../layout/NotAllowed';
import { TEXT } from './texts';

/** The reports' time zone as a react-admin input ('' for none: the server stores null). */
function TimeZoneInput({ source, label }: { source: string; label: string }) {
  const { field, fieldState } = useInput({ source, defaultValue: '' });
  return (
    <TimeZonePicker
      name={field.name}
      label={label}
      value={(field.value as string | null) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
    />
  );
}

/** Admins add a customer (the spec shows no form); sites and contacts are added on its details page after. */
export function CustomerCreate() {
  return (
    <RequirePermission rule={P.customersAdmin}>
      <Create resource="Customers" title="New customer" redirect="edit">
        <SimpleForm>
          <TextInput source="name" label="Name" validate={required()} />
          <TextInput source="mdmCustomerId" label="MDM ID" />
          <TimeZoneInput source="timeZone" label={TEXT.timeZone} />
          {/* issue 20: the language of the reports e-mailed to the customer; none leaves it to the person saving */}
          <SelectInput source="language" label={TEXT.reportLanguage} choices={REPORT_LANGUAGES.map((l) => ({ id: l.code, name: l.name }))} emptyText={TEXT.noLanguage} />
        </SimpleForm>
      </Create>
    </RequirePermission>
  );
}
