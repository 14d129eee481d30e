import { Create } from 'react-admin';
import { ExternalUserForm } from './ExternalUserForm';
import { toExternalUserInput, type ExternalUserFormValues } from './validation';
import { useStaff } from './useStaff';
import { useServerFieldErrors } from './serverErrors';

/** Add a distributor; the new user gets a set-password e-mail from the server. */
export function ExternalUserCreate() {
  const staff = useStaff();
  const { FormBridge, onError } = useServerFieldErrors();
  return (
    <Create
      title={staff ? 'Add distributor' : 'Add user'}
      redirect="list"
      transform={(values: ExternalUserFormValues) => toExternalUserInput(values, staff)}
      mutationOptions={{ onError }}
    >
      <ExternalUserForm staff={staff}>
        <FormBridge />
      </ExternalUserForm>
    </Create>
  );
}
