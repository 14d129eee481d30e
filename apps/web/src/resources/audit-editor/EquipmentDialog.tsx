import { useEffect, useState } from 'react';
import type { TAudit, TAuditRun } from '@insp/contracts';
import { useInspectionWrites } from '../../inspection-writes';
import { useAuditEditing } from './context';
import { useDialogWrite } from './useDialogWrite';
import { EquipmentFields, equipmentInput, type EquipmentForm } from './EquipmentFields';
import { RunDialog } from './RunDialog';
import { canChangeEquipment } from './rules';
import { AUDIT_TEXT } from './texts';

/** 000 §2.6 change equipment: CHANGE by the 000 §5 rule; serial number disabled for an existing equipment. */
export function EquipmentDialog({ open, audit, run, onClose }: { open: boolean; audit: TAudit; run: TAuditRun; onClose(): void }) {
  const writes = useInspectionWrites();
  const { auditId } = useAuditEditing();
  const e = run.equipment;
  const initial: EquipmentForm = { equipmentId: e?.id ?? null, productFamilyId: e?.productFamilyId ?? null, productModelId: e?.productModelId ?? null, serialNumber: e?.serialNumber ?? '', nickName: e?.nickName ?? '' };
  const [value, setValue] = useState(initial);
  const { busy, error, setError, write } = useDialogWrite(onClose);
  useEffect(() => {
    if (open) {
      setValue(initial);
      setError(null);
    }
  }, [open]);
  const change = () => write(() => writes.changeRunEquipment(auditId, run.id, equipmentInput(value)));
  return (
    <RunDialog open={open} title={AUDIT_TEXT.changeEquipment} action={AUDIT_TEXT.changeButton} enabled={canChangeEquipment(value)} busy={busy} error={error}
      onAction={() => void change()} onClose={onClose}>
      <EquipmentFields audit={audit} kind={run.protocolType} value={value} onChange={setValue} />
    </RunDialog>
  );
}
