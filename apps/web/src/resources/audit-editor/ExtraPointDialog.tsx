import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TAuditRun } from '@insp/contracts';
import { useInspectionWrites } from '../../inspection-writes';
import { trpc } from '../../providers/trpc';
import { useAuditEditing } from './context';
import { useDialogWrite } from './useDialogWrite';
import { RunDialog } from './RunDialog';
import { SelectField } from './SelectField';
import { AUDIT_TEXT } from './texts';

/**
 * Issue 20: adds an extra point to the site run: a point of the Extra points protocols (what the administrators
 * offer), under its own name or one given here. It then appears in the editor's and the report's Extra points.
 */
export function ExtraPointDialog({ run, onClose }: { run: TAuditRun; onClose(): void }) {
  const writes = useInspectionWrites();
  const { auditId } = useAuditEditing();
  const [pointId, setPointId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const { busy, error, write } = useDialogWrite(onClose);
  const choices = useQuery(trpc.audits.extraPointChoices.queryOptions());
  const add = () => pointId && write(() => writes.addRunExtraPoint(auditId, run.id, { inspectionPointId: pointId, ...(name.trim() ? { name: name.trim() } : {}) }));
  return (
    <RunDialog open title={AUDIT_TEXT.addExtraPointTitle} action={AUDIT_TEXT.addButton} enabled={!!pointId} busy={busy} error={error} onAction={() => void add()} onClose={onClose}>
      {choices.data?.length === 0 ? <Typography>{AUDIT_TEXT.noExtraPoints}</Typography> : null}
      <SelectField label={AUDIT_TEXT.extraPoint} required value={pointId} disabled={!choices.data?.length}
        options={(choices.data ?? []).map((c) => ({ id: c.inspectionPointId, name: c.name }))} onChange={setPointId} />
      <TextField label={AUDIT_TEXT.extraPointName} value={name} onChange={(e) => setName(e.target.value)} helperText={AUDIT_TEXT.extraPointNameHelp}
        slotProps={{ htmlInput: { maxLength: 500 } }} />
    </RunDialog>
  );
}
