import { Edit } from 'react-admin';
import { ExternalUserForm } from './ExternalUserForm';
import { toExternalUserInput, type ExternalUserFormValues } from './validation';
import { useStaff } from './useStaff';
import { useServerFieldErrors } from './serverErrors';

/** Edit by row click. Pessimistic, so a refused change (e.g. an e-mail in use) is shown, not undone later. */
export function ExternalUserEdit() {
  const staff = useStaff();
  const { FormBridge, onError } = useServerFieldErrors();
  return (
    <Edit
      title={staff ? 'Edit distributor' : 'Edit user'}
      redirect="list"
      mutationMode="pessimistic"
      transform={(values: ExternalUserFormValues) => toExternalUserInput(values, staff)}
      mutationOptions={{ onError }}
    >
      <ExternalUserForm staff={staff}>
        <FormBridge />
      </ExternalUserForm>
    </Edit>
  );
}
