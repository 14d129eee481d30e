import type { ReactNode } from 'react';
import { SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { ExternalUserInputs } from './ExternalUserInputs';
import { externalUserFormErrors, nested, type ExternalUserFormValues } from './validation';

/** The one form of add and edit; delete and activate live on the list rows with their confirmations. */
export function ExternalUserForm({ staff, children }: { staff: boolean; children?: ReactNode }) {
  return (
    <SimpleForm
      validate={(values) => nested(externalUserFormErrors(values as ExternalUserFormValues, staff))}
      toolbar={
        <Toolbar>
          <SaveButton alwaysEnable />
        </Toolbar>
      }
      sx={{ maxWidth: 560 }}
    >
      <ExternalUserInputs staff={staff} />
      {children}
    </SimpleForm>
  );
}
