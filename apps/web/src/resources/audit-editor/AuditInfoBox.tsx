import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import EditIcon from '@mui/icons-material/EditOutlined';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TAudit } from '@insp/contracts';
import { formatDate } from '../../lib/dates';
import { Section } from '../inspection-edit/Section';
import { useAuditEditing } from './context';
import { InspectorDialog } from './InspectorDialog';
import { AuditDetailsDialog } from './AuditDetailsDialog';
import { AUDIT_TEXT } from './texts';

/** 000 §2.6 info box: inspection date, inspector (with a change link), inspector contact, customer, customer contact, phone, e-mail. */
export function AuditInfoBox({ audit }: { audit: TAudit }) {
  const { readOnly } = useAuditEditing();
  const [changing, setChanging] = useState(false);
  const [editing, setEditing] = useState(false);
  const customer = [audit.customer?.name, audit.customerSite?.name].filter(Boolean).join(' · ');
  const facts: [string, React.ReactNode][] = [
    [AUDIT_TEXT.inspectionDate, formatDate(audit.inspectionDate)],
    [
      AUDIT_TEXT.inspector,
      <>
        {audit.inspector}{' '}
        {!readOnly && (
          <Link component="button" type="button" onClick={() => setChanging(true)} aria-label={`${AUDIT_TEXT.change} ${AUDIT_TEXT.inspector.toLowerCase()}`}
            sx={{ verticalAlign: 'baseline', minHeight: 24, px: 0.5 }}>
            ({AUDIT_TEXT.change})
          </Link>
        )}
      </>,
    ],
    [AUDIT_TEXT.inspectorContact, audit.inspectorContact || '—'],
    [AUDIT_TEXT.customer, customer || '—'],
    [AUDIT_TEXT.customerContact, audit.contactName || '—'],
    [AUDIT_TEXT.phone, audit.contactPhoneNumber || '—'],
    [AUDIT_TEXT.email, audit.contactEmail || '—'],
  ];
  return (
    <Section
      title={AUDIT_TEXT.info}
      action={!readOnly && <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)}>{AUDIT_TEXT.editDetails}</Button>}
    >
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, gap: 1.5, m: 0 }}>
        {facts.map(([k, v]) => (
          <Box key={k}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {k}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={`info-${k}`}>
              {v}
            </Typography>
          </Box>
        ))}
      </Box>
      <InspectorDialog open={changing} audit={audit} onClose={() => setChanging(false)} />
      {editing && <AuditDetailsDialog audit={audit} onClose={() => setEditing(false)} />}
    </Section>
  );
}
