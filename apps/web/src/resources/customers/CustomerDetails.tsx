import Stack from '@mui/material/Stack';
import type { TCustomer } from '@insp/contracts';
import { ContactsSection } from './ContactsSection';
import { EquipmentSection } from './EquipmentSection';
import { SitesSection } from './SitesSection';

/** Sites, contacts and equipment of one customer: the details page and each side of the compare page. */
export function CustomerDetails({ customer, editable }: { customer: TCustomer; editable: boolean }) {
  return (
    <Stack spacing={2}>
      <SitesSection customer={customer} editable={editable} />
      <ContactsSection customer={customer} editable={editable} />
      <EquipmentSection customer={customer} editable={editable} />
    </Stack>
  );
}
