import Box from '@mui/material/Box';
import type { TInspectionEdit } from '@insp/contracts';
import { formatDate, formatDateTime } from '../../lib/dates';
import { formatDuration } from './format';
import { Fields, Section } from './parts';
import { TEXT } from './texts';

/**
 * The info box (000 §2.9): started, ended and duration, or just the date when the times are not known; the
 * inspection (inspector, contact, version), the customer (name, contact, phone, e-mail) and the machine.
 */
export function ProtocolInfo({ p }: { p: Omit<TInspectionEdit, 'equipmentConfigurator'> }) {
  const duration = formatDuration(p.started, p.ended);
  const when: [string, string][] = duration
    ? [[TEXT.started, formatDateTime(p.started!)], [TEXT.ended, formatDateTime(p.ended!)], [TEXT.duration, duration]]
    : [[TEXT.date, formatDate(p.inspectionDate)]];
  const boxes: [string, [string, string | null][]][] = [
    [TEXT.inspection, [...when, [TEXT.inspector, p.inspector], [TEXT.contact, p.inspectorContact], [TEXT.version, p.version]]],
    [TEXT.customerBox, [[TEXT.customer, p.customer], [TEXT.contact, p.contactName], [TEXT.phone, p.contactPhoneNumber], [TEXT.email, p.contactEmail]]],
    [TEXT.equipmentBox, [[TEXT.productFamily, p.productFamilyName], [TEXT.productModel, p.productModelName], [TEXT.serialNumber, p.serialNumber]]],
  ];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fit, minmax(340px, 1fr))' }, gap: 2 }}>
      {boxes.map(([title, items]) => (
        <Section key={title} title={title}>
          <Fields items={items} testId={`info-${title.toLowerCase()}`} />
        </Section>
      ))}
    </Box>
  );
}
