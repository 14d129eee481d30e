import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TAuditRun } from '@insp/contracts';
import { useInspectionWrites } from '../../inspection-writes';
import { trpc } from '../../providers/trpc';
import { useAuditEditing } from './context';
import { useDialogWrite } from './useDialogWrite';
import { RunDialog } from './RunDialog';
import { canChangeProtocol } from './rules';
import { SelectField } from './SelectField';
import { AUDIT_TEXT } from './texts';

/** 000 §2.6 change protocol: the protocols of the run's kind that fit its machine; CHANGE only for another one (000 §5). */
export function ProtocolDialog({ open, run, onClose }: { open: boolean; run: TAuditRun; onClose(): void }) {
  const writes = useInspectionWrites();
  const { auditId } = useAuditEditing();
  const [chosen, setChosen] = useState<string | null>(run.inspectionProtocolId);
  const { busy, error, setError, write } = useDialogWrite(onClose);
  useEffect(() => {
    if (open) {
      setChosen(run.inspectionProtocolId);
      setError(null);
    }
  }, [open, run.inspectionProtocolId]);
  const fits = useQuery({
    ...trpc.protocolFit.sortedByFit.queryOptions({ type: run.protocolType as 'Audit_Machine', equipmentId: run.equipment?.id ?? undefined }),
    enabled: open,
  });
  const change = () => chosen && write(() => writes.changeRunProtocol(auditId, run.id, chosen));
  return (
    <RunDialog open={open} title={AUDIT_TEXT.changeProtocol} action={AUDIT_TEXT.changeButton} enabled={canChangeProtocol(chosen, run.inspectionProtocolId)}
      busy={busy} error={error} onAction={() => void change()} onClose={onClose}>
      <SelectField label={AUDIT_TEXT.protocol} required value={chosen} disabled={!fits.data} options={fits.data ?? []} onChange={setChosen} />
    </RunDialog>
  );
}
