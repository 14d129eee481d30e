import { useEffect, useState } from 'react';
import TextField from '@mui/material/TextField';
import dayjs, { type Dayjs } from 'dayjs';
import { ZAuditDetailsInput, type TAudit } from '@insp/contracts';
import { DatePicker } from '../../components/DatePicker';
import { useInspectionWrites } from '../../inspection-writes';
import { DATE_INPUT_FORMAT, withDay } from '../../lib/dates';
import { useSites } from '../../pages/start-inspection/CustomerStep';
import { useAuditEditing } from './context';
import { useDialogWrite } from './useDialogWrite';
import { RunDialog } from './RunDialog';
import { SelectField } from './SelectField';
import { AUDIT_TEXT } from './texts';

/**
 * The day picked in the user's zone, keeping the time of day the audit had there; the day left alone keeps the very
 * instant (lib/dates.ts withDay, issue 20).
 */
const dayOf = (original: number, d: Dayjs) => withDay(d.format('YYYY-MM-DD'), original) ?? original;

/**
 * Issue 20: the audit's name, date and site (one of its customer's, or none), changed after it was started; its runs
 * follow on the server. SAVE is offered once the values pass the API's own schema.
 */
export function AuditDetailsDialog({ audit, onClose }: { audit: TAudit; onClose(): void }) {
  const writes = useInspectionWrites();
  const { auditId } = useAuditEditing();
  const [name, setName] = useState(audit.name);
  const [day, setDay] = useState<Dayjs | null>(dayjs(audit.inspectionDate));
  const [siteId, setSiteId] = useState<string | null>(audit.customerSite?.id ?? null);
  const { busy, error, setError, write } = useDialogWrite(onClose);
  const sites = useSites(audit.customer?.id ?? null);
  useEffect(() => setError(null), [name, day, siteId, setError]);
  const parsed = ZAuditDetailsInput.safeParse({
    name, inspectionDate: day?.isValid() ? dayOf(audit.inspectionDate, day) : NaN, customerSiteId: siteId,
  });
  const nameProblem = parsed.success ? null : parsed.error.issues.find((i) => i.path[0] === 'name')?.message;
  const save = () => parsed.success && write(() => writes.setAuditDetails(auditId, parsed.data));
  return (
    <RunDialog open title={AUDIT_TEXT.detailsTitle} action={AUDIT_TEXT.save} enabled={parsed.success} busy={busy} error={error} onAction={() => void save()} onClose={onClose}>
      <TextField label={AUDIT_TEXT.auditName} value={name} required onChange={(e) => setName(e.target.value)} error={!!nameProblem}
        helperText={nameProblem ? `${AUDIT_TEXT.auditName} ${nameProblem}` : ' '} slotProps={{ htmlInput: { maxLength: 500 } }} />
      <DatePicker
        kind="date"
        label={AUDIT_TEXT.inspectionDate}
        value={day}
        format={DATE_INPUT_FORMAT}
        onChange={setDay}
        slotProps={{
          textField: { required: true, error: !day?.isValid(), helperText: day?.isValid() ? ' ' : AUDIT_TEXT.badDate },
          openPickerButton: { 'aria-label': `Choose the ${AUDIT_TEXT.inspectionDate.toLowerCase()}` },
        }}
      />
      <SelectField label={AUDIT_TEXT.site} value={siteId} emptyOption={AUDIT_TEXT.noSite} disabled={!sites.data}
        options={(sites.data ?? []).map((s) => ({ id: s.id, name: s.name }))} onChange={setSiteId} />
    </RunDialog>
  );
}
