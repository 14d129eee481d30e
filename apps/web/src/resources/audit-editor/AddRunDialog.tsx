import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RunStages, type TAudit, type TAuditRun } from '@insp/contracts';
import { useInspectionWrites } from '../../inspection-writes';
import { trpc } from '../../providers/trpc';
import { useAuditEditing } from './context';
import { useDialogWrite } from './useDialogWrite';
import { emptyEquipment, EquipmentFields, equipmentInput, type EquipmentForm } from './EquipmentFields';
import { RunDialog } from './RunDialog';
import { canAddRun } from './rules';
import { SelectField } from './SelectField';
import { AUDIT_TEXT, STAGE_NAMES } from './texts';

export const KIND_NAMES: Record<string, string> = {
  Audit_Machine: 'Machine audit', Audit_Quick: 'Quick audit', Equipment_Configurator: 'Equipment configurator', Audit_Screen: 'Screen audit',
};

/**
 * 000 §2.6 add run (and clone): stage (Primary…Quaternary), equipment, protocol; ADD by the 000 §5 rule. A clone
 * keeps the source's kind and protocol (the source's protocol counts) and starts from its equipment.
 */
export function AddRunDialog({ open, audit, kinds, source, onClose }: { open: boolean; audit: TAudit; kinds: string[]; source?: TAuditRun; onClose(): void }) {
  const writes = useInspectionWrites();
  const { auditId } = useAuditEditing();
  const [kind, setKind] = useState(kinds[0]!);
  const [stage, setStage] = useState<string | null>(null);
  const [equipment, setEquipment] = useState<EquipmentForm>(emptyEquipment);
  const [protocolId, setProtocolId] = useState<string | null>(null);
  const { busy, error, setError, write } = useDialogWrite(onClose);
  useEffect(() => {
    if (!open) return;
    const e = source?.equipment;
    setKind(source?.protocolType ?? kinds[0]!);
    setStage(source?.stage ?? null);
    setEquipment(e ? { equipmentId: e.id, productFamilyId: e.productFamilyId, productModelId: e.productModelId, serialNumber: e.serialNumber ?? '', nickName: e.nickName ?? '' } : emptyEquipment);
    setProtocolId(null);
    setError(null);
  }, [open, source, kinds]);
  const fits = useQuery({
    ...trpc.protocolFit.sortedByFit.queryOptions({ type: kind as 'Audit_Machine', productFamilyId: equipment.productFamilyId ?? undefined, productModelId: equipment.productModelId ?? undefined }),
    enabled: open && !source,
  });
  const cloneProtocolId = source ? source.inspectionProtocolId : undefined;
  const enabled = canAddRun({ ...equipment, stage, protocolId, cloneProtocolId });
  const add = () => write(() => writes.addRun(auditId, {
    protocolRunType: `${kind}:${stage}`,
    protocolId: source ? undefined : protocolId,
    equipment: equipmentInput(equipment),
    cloneRunId: source?.id,
  }));
  return (
    <RunDialog open={open} title={source ? AUDIT_TEXT.cloneRunTitle(source.inspectionProtocolName ?? '') : AUDIT_TEXT.addRunTitle} action={AUDIT_TEXT.addButton}
      enabled={enabled} busy={busy} error={error} onAction={() => void add()} onClose={onClose}>
      {!source && kinds.length > 1 && (
        <SelectField label={AUDIT_TEXT.kind} value={kind} options={kinds.map((k) => ({ id: k, name: KIND_NAMES[k] ?? k }))} onChange={(k) => k && (setKind(k), setProtocolId(null))} required />
      )}
      <SelectField label={AUDIT_TEXT.stage} required value={stage} options={RunStages.map((s) => ({ id: s, name: STAGE_NAMES[s] }))} onChange={setStage} />
      <EquipmentFields audit={audit} kind={kind} value={equipment} onChange={setEquipment} />
      {source ? (
        <SelectField label={AUDIT_TEXT.protocol} value={source.inspectionProtocolId} disabled
          options={[{ id: source.inspectionProtocolId ?? '', name: source.inspectionProtocolName ?? '' }]} onChange={() => undefined} />
      ) : (
        <SelectField label={AUDIT_TEXT.protocol} required value={protocolId} disabled={!fits.data} options={fits.data ?? []} onChange={setProtocolId} />
      )}
    </RunDialog>
  );
}
