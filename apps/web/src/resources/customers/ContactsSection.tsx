import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import EditIcon from '@mui/icons-material/EditOutlined';
import { ZCustomerContactInput, type TCustomer, type TCustomerContact } from '@insp/contracts';
import { trpcClient } from '../../providers/trpc';
import { ConfirmRemove } from './ConfirmRemove';
import { FormDialog } from './FormDialog';
import { Section } from './Section';
import { SimpleTable } from './SimpleTable';
import { TEXT } from './texts';
import { useRefreshAfter } from './useCustomerMutation';

/** Contacts of a customer (002 §2: name, email, phone number); admins add, edit, remove. */
export function ContactsSection({ customer, editable }: { customer: TCustomer; editable: boolean }) {
  const [editing, setEditing] = useState<TCustomerContact | 'new' | null>(null);
  const refreshAfter = useRefreshAfter();
  const customerId = customer.id;
  const fields = [
    { name: 'name', label: 'Name', required: true },
    { name: 'email', label: 'Email' },
    { name: 'phoneNumber', label: 'Phone number' },
    { name: 'siteId', label: 'Site', select: customer.sites.map((s) => ({ value: s.id, label: s.name })) },
  ];
  return (
    <Section title="Contacts" action={editable && <Button onClick={() => setEditing('new')}>Add contact</Button>}>
      <SimpleTable
        label="Contacts"
        rows={customer.contacts}
        empty={TEXT.noContacts}
        columns={[
          { label: 'Name', value: (c) => c.name },
          { label: 'Email', value: (c) => c.email },
          { label: 'Phone number', value: (c) => c.phoneNumber },
        ]}
        actions={
          editable
            ? (c) => (
                <>
                  <IconButton size="small" aria-label={`Edit contact ${c.name}`} onClick={() => setEditing(c)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <ConfirmRemove
                    what={`contact ${c.name}`}
                    onConfirm={() => refreshAfter(() => trpcClient.customers.deleteContact.mutate({ customerId, id: c.id }))}
                  />
                </>
              )
            : undefined
        }
      />
      <FormDialog
        open={editing !== null}
        title={editing === 'new' ? 'Add contact' : 'Edit contact'}
        fields={fields}
        initial={editing && editing !== 'new' ? editing : {}}
        schema={ZCustomerContactInput}
        onClose={() => setEditing(null)}
        onSubmit={(data) =>
          refreshAfter(() =>
            editing && editing !== 'new'
              ? trpcClient.customers.updateContact.mutate({ customerId, id: editing.id, data })
              : trpcClient.customers.createContact.mutate({ customerId, data }),
          )
        }
      />
    </Section>
  );
}
