import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { DatePicker } from '../../components/DatePicker';
import { usePageTitle } from '../../components/usePageTitle';
import { DATE_INPUT_FORMAT, toDayInput } from '../../lib/dates';
import { callError, shownMessage } from '../../lib/errors';
import { useSession } from '../../providers/session';
import { trpcClient } from '../../providers/trpc';
import { CustomerStep, useSites } from '../../pages/start-inspection/CustomerStep';
import { Step } from '../../pages/start-inspection/Step';
import { emptyForm, type Field, type StartForm } from '../../pages/start-inspection/startRules';
import { auditPath, AUDITS_PATH } from './auditPaths';
import { newAuditInput, newAuditProblems, type NewAuditField, type NewAuditForm } from './newAudit';
import { AUDIT_TEXT } from './texts';

/**
 * New audit (issue 8; the spec does not show it): customer (searched on the server, the picker of /Reports/new),
 * its site, the inspection date (day.month.year), the inspector (the signed-in user unless changed). Create
 * makes the audit with its site runs (audits.create) and opens its editor at /Audits/{id}.
 */
export function NewAuditPage() {
  usePageTitle(AUDIT_TEXT.newAudit);
  const navigate = useNavigate();
  const { user } = useSession().session;
  const [form, setForm] = useState<NewAuditForm>(() => ({
    customer: null, siteId: null, day: toDayInput(Date.now()), inspector: user.name, inspectorContact: user.email,
  }));
  const [touched, setTouched] = useState<ReadonlySet<NewAuditField>>(new Set());
  const touch = (f: NewAuditField) => setTouched((t) => (t.has(f) ? t : new Set(t).add(f)));
  const sites = useSites(form.customer?.id ?? null);
  const siteCount = form.customer ? (sites.data?.length ?? null) : null;
  const onlySite = sites.data?.length === 1 ? sites.data[0]!.id : null;
  useEffect(() => {
    if (onlySite) setForm((f) => (f.siteId ? f : { ...f, siteId: onlySite }));
  }, [onlySite]);
  const found = newAuditProblems(form, siteCount, AUDIT_TEXT);
  const shown = Object.fromEntries(Object.entries(found).filter(([k]) => touched.has(k as NewAuditField))) as Partial<Record<NewAuditField, string>>;
  const create = useMutation({
    mutationFn: () => trpcClient.audits.create.mutate(newAuditInput(form, user)),
    onSuccess: (audit) => navigate(auditPath(audit.id)),
  });
  const failure = create.error ? (callError(create.error).field ? `${callError(create.error).field}: ${callError(create.error).message}` : shownMessage(create.error)) : null;

  // The customer picker of /Reports/new works on its own form; it sees ours as one with only customer and site.
  const asStart: StartForm = { ...emptyForm, customer: form.customer, siteId: form.siteId };
  const change = (patch: Partial<StartForm>) =>
    setForm((f) => ({ ...f, ...('customer' in patch ? { customer: patch.customer ?? null } : {}), ...('siteId' in patch ? { siteId: patch.siteId ?? null } : {}) }));
  const day = form.day === '' ? null : form.day === 'invalid' ? dayjs(NaN) : dayjs(form.day);
  const dateError = touched.has('day') && !!found.day;

  return (
    <Box sx={{ p: 2, maxWidth: 880, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h1">{AUDIT_TEXT.newAudit}</Typography>
      <Step title={`1. ${AUDIT_TEXT.customer}`}>
        <CustomerStep form={asStart} change={change} touch={(f: Field) => touch(f === 'customer' ? 'customer' : 'site')} shown={shown} />
      </Step>
      <Step title={`2. ${AUDIT_TEXT.inspectionDate} and ${AUDIT_TEXT.inspector.toLowerCase()}`}>
        <DatePicker
          kind="date"
          label={AUDIT_TEXT.inspectionDate}
          value={day}
          format={DATE_INPUT_FORMAT}
          onChange={(d) => setForm((f) => ({ ...f, day: !d ? '' : d.isValid() ? d.format('YYYY-MM-DD') : 'invalid' }))}
          slotProps={{
            textField: { name: 'inspectionDate', required: true, onBlur: () => touch('day'), error: dateError, helperText: dateError ? found.day : ' ' },
            openPickerButton: { 'aria-label': `Choose the ${AUDIT_TEXT.inspectionDate.toLowerCase()}` },
          }}
        />
        <TextField
          label={AUDIT_TEXT.inspector}
          required
          value={form.inspector}
          onChange={(e) => setForm((f) => ({ ...f, inspector: e.target.value }))}
          onBlur={() => touch('inspector')}
          error={!!shown.inspector}
          helperText={shown.inspector ?? ' '}
        />
        <TextField
          label={AUDIT_TEXT.inspectorContact}
          type="email"
          value={form.inspectorContact}
          onChange={(e) => setForm((f) => ({ ...f, inspectorContact: e.target.value }))}
        />
      </Step>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" size="large" disabled={Object.keys(found).length > 0 || create.isPending} onClick={() => create.mutate()}>
          {create.isPending ? AUDIT_TEXT.creating : AUDIT_TEXT.create}
        </Button>
        <Button size="large" onClick={() => navigate(AUDITS_PATH)}>
          {AUDIT_TEXT.cancel}
        </Button>
      </Box>
    </Box>
  );
}
