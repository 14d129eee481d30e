import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TInspectionEdit, TInspectionEmailChoices } from '@insp/contracts';
import { userZoneName } from '../../lib/dates';
import { ContactEmailField } from './ContactEmailField';
import { statusLabel } from './statusLabel';
import { FormDate } from './FormDate';
import { FormText } from './FormText';
import { Section } from './Section';
import { EDIT_TEXT } from './texts';

/**
 * The info box: what the save never changes (customer, machine, type, status; docs/decisions.md "What a save
 * does not change") as text, and the inspection's dates, people and customer contact as inputs (the e-mail offers
 * the customer's contacts, issue 20). Dates day.month.year (000 §9) in the user's zone, the date-times' labels naming
 * it (issue 20, lib/dates.ts).
 */
export function InfoBox({ data, contacts = [] }: { data: TInspectionEdit; contacts?: TInspectionEmailChoices['contacts'] }) {
  const zone = userZoneName(data.started ?? data.inspectionDate);
  const facts: [string, string | null][] = [
    ['Customer', data.customer],
    ['Site', data.site],
    ['Product family', data.productFamilyName],
    ['Product model', data.productModelName],
    ['Serial number', data.serialNumber],
    ['Nickname', data.nickName],
    ['Type', data.type],
    ['Status', statusLabel(data.status)],
    ['Protocol', data.protocolName],
  ];
  return (
    <Section title={EDIT_TEXT.info}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' }, gap: 1.5, m: 0 }}>
        {facts.filter(([, v]) => v).map(([k, v]) => (
          <Box key={k}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {k}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {v}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
        <FormDate name="info.inspectionDate" label="Inspection date" kind="date" required />
        <FormDate name="info.started" label={`Started (${zone})`} kind="dateTime" />
        <FormDate name="info.ended" label={`Ended (${zone})`} kind="dateTime" />
        <FormText name="info.inspector" label="Inspector" />
        <FormText name="info.inspectorContact" label="Inspector contact" />
        <FormText name="info.version" label="Version" maxLength={100} />
        <FormText name="info.contactName" label="Customer contact" />
        <FormText name="info.contactPhoneNumber" label="Phone" type="tel" maxLength={100} />
        <ContactEmailField contacts={contacts} />
      </Box>
    </Section>
  );
}
