import { SaveButton, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { ZEquipmentInput } from '@insp/contracts';
import { CustomerSiteInputs } from './CustomerSiteInputs';
import { FamilyModelInputs } from './FamilyModelInputs';

/** The same schema as the API (contracts): field errors show next to the field before anything is sent. */
export function validateEquipment(values: Record<string, unknown>): Record<string, string> {
  const parsed = ZEquipmentInput.safeParse(values);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'serialNumber');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Create and edit of equipment (admins): the spec shows no form; these are the fields users need. */
export function EquipmentForm() {
  return (
    // Delete lives in the list, behind the modal that counts the inspections (002 §2), so the form has no delete.
    <SimpleForm validate={validateEquipment} sx={{ maxWidth: 560 }} toolbar={<Toolbar><SaveButton /></Toolbar>}>
      <TextInput source="serialNumber" label="Serial number" />
      <TextInput source="nickName" label="Nickname" />
      <TextInput source="mdmEquipmentId" label="MDM id" />
      <CustomerSiteInputs />
      <FamilyModelInputs />
    </SimpleForm>
  );
}
