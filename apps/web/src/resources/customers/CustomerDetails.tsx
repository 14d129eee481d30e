import Stack from '@mui/material/Stack';
import type { TCustomer } from '@insp/contracts';
import { ContactsSection } from './ContactsSection';
import { EquipmentSection } from './EquipmentSection';
import { SitesSection } from './SitesSection';

/**
 * Sites, contacts and equipment of one customer: the details page and each side of the compare page. `canPlan`: the
 * sites offer 'Plan inspections' (issue 24; the details page, for staff Managers and Admins).
 */
export function CustomerDetails({ customer, editable, canPlan }: { customer: TCustomer; editable: boolean; canPlan?: boolean }) {
  return (
    <Stack spacing={2}>
      <SitesSection customer={customer} editable={editable} canPlan={canPlan} />
      <ContactsSection customer={customer} editable={editable} />
      <EquipmentSection customer={customer} editable={editable} />
    </Stack>
  );
}
