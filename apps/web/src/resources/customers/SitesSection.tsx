import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import EditIcon from '@mui/icons-material/EditOutlined';
import { ZCustomerSiteInput, type TCustomer, type TCustomerSite } from '@insp/contracts';
import { SitePlansDialog } from '../plans/SitePlansDialog';
import { trpcClient } from '../../providers/trpc';
import { ConfirmRemove } from './ConfirmRemove';
import { FormDialog } from './FormDialog';
import { Section } from './Section';
import { SimpleTable } from './SimpleTable';
import { TEXT } from './texts';
import { useRefreshAfter } from './useCustomerMutation';

const fields = [
  { name: 'name', label: 'Name', required: true },
  { name: 'mdmSiteId', label: 'MDM ID' },
  { name: 'mdmType', label: 'MDM type' },
  { name: 'country', label: 'Country' },
  { name: 'stateProvince', label: 'State-province' },
];

/**
 * Sites of a customer (002 §2: name, MDM ID, MDM type, country, state-province); admins add, edit, remove; staff
 * Managers and Admins plan a site's inspections (issue 24).
 */
export function SitesSection({ customer, editable, canPlan = false }: { customer: TCustomer; editable: boolean; canPlan?: boolean }) {
  const [editing, setEditing] = useState<TCustomerSite | 'new' | null>(null);
  const [planning, setPlanning] = useState<TCustomerSite | null>(null);
  const refreshAfter = useRefreshAfter();
  const customerId = customer.id;
  return (
    <Section title="Sites" action={editable && <Button onClick={() => setEditing('new')}>Add site</Button>}>
      <SimpleTable
        label="Sites"
        rows={customer.sites}
        empty={TEXT.noSites}
        columns={[
          { label: 'Name', value: (s) => s.name },
          { label: 'MDM ID', value: (s) => s.mdmSiteId },
          { label: 'MDM type', value: (s) => s.mdmType },
          { label: 'Country', value: (s) => s.country },
          { label: 'State-province', value: (s) => s.stateProvince },
        ]}
        actions={
          editable || canPlan
            ? (s) => (
                <>
                  {canPlan && (
                    <Button size="small" aria-label={`Plan inspections for site ${s.name}`} onClick={() => setPlanning(s)}>
                      Plan inspections
                    </Button>
                  )}
                  {editable && (
                  <>
                  <IconButton size="small" aria-label={`Edit site ${s.name}`} onClick={() => setEditing(s)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <ConfirmRemove
                    what={`site ${s.name}`}
                    onConfirm={() => refreshAfter(() => trpcClient.customers.deleteSite.mutate({ customerId, id: s.id }))}
                  />
                  </>
                  )}
                </>
              )
            : undefined
        }
      />
      <FormDialog
        open={editing !== null}
        title={editing === 'new' ? 'Add site' : 'Edit site'}
        fields={fields}
        initial={editing && editing !== 'new' ? editing : {}}
        schema={ZCustomerSiteInput}
        onClose={() => setEditing(null)}
        onSubmit={(data) =>
          refreshAfter(() =>
            editing && editing !== 'new'
              ? trpcClient.customers.updateSite.mutate({ customerId, id: editing.id, data })
              : trpcClient.customers.createSite.mutate({ customerId, data }),
          )
        }
      />
      {planning && <SitePlansDialog site={planning} open onClose={() => setPlanning(null)} />}
    </Section>
  );
}
