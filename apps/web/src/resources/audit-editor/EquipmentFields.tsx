import { useQuery } from '@tanstack/react-query';
import TextField from '@mui/material/TextField';
import type { TAudit } from '@insp/contracts';
import { trpc } from '../../providers/trpc';
import type { EquipmentChoice } from './rules';
import { SelectField } from './SelectField';
import { AUDIT_TEXT } from './texts';

export interface EquipmentForm extends EquipmentChoice {
  /** An existing machine at the audit's site; its serial number is then not edited (000 §5). */
  equipmentId: string | null;
}
export const emptyEquipment: EquipmentForm = { equipmentId: null, productFamilyId: null, productModelId: null, serialNumber: '', nickName: '' };

/** The body the API takes for a run's equipment: an existing one by id, else the model with a serial number or a nickname. */
export const equipmentInput = (f: EquipmentForm) =>
  f.equipmentId ? { id: f.equipmentId } : { productModelId: f.productModelId ?? undefined, serialNumber: f.serialNumber.trim() || null, nickName: f.nickName.trim() || null };

const machineName = (m: { serialNumber: string | null; nickName: string | null; productModelName: string | null }) =>
  [m.serialNumber, m.nickName, m.productModelName].filter(Boolean).join(' · ');

/** Equipment of a run: pick a machine of the audit's site or describe one (family, model, serial number or nickname). */
export function EquipmentFields({ audit, value, onChange }: { audit: TAudit; value: EquipmentForm; onChange(next: EquipmentForm): void }) {
  const customerId = audit.customer?.id ?? '';
  const machines = useQuery({ ...trpc.inspectionStart.equipment.queryOptions({ customerId, customerSiteId: audit.customerSite?.id ?? null }), enabled: !!customerId });
  const families = useQuery(trpc.productFamilies.all.queryOptions());
  const models = families.data?.find((f) => f.id === value.productFamilyId)?.productModels ?? [];
  const pickMachine = (id: string | null) => {
    const m = machines.data?.find((x) => x.id === id);
    onChange(m ? { equipmentId: m.id, productFamilyId: m.productFamilyId, productModelId: m.productModelId, serialNumber: m.serialNumber ?? '', nickName: m.nickName ?? '' } : { ...value, equipmentId: null });
  };
  return (
    <>
      <SelectField label={AUDIT_TEXT.equipment} value={value.equipmentId} onChange={pickMachine} emptyOption={AUDIT_TEXT.newEquipment}
        options={(machines.data ?? []).map((m) => ({ id: m.id, name: machineName(m) }))} />
      <SelectField label={AUDIT_TEXT.family} required value={value.productFamilyId} disabled={!families.data}
        options={families.data ?? []} onChange={(id) => onChange({ ...value, equipmentId: null, productFamilyId: id, productModelId: null })} />
      <SelectField label={AUDIT_TEXT.model} required value={value.productModelId} disabled={!value.productFamilyId}
        options={models} onChange={(id) => onChange({ ...value, equipmentId: null, productModelId: id })} />
      <TextField label={AUDIT_TEXT.serialNumber} value={value.serialNumber} disabled={!!value.equipmentId}
        onChange={(e) => onChange({ ...value, serialNumber: e.target.value })} slotProps={{ htmlInput: { maxLength: 100 } }} />
      <TextField label={AUDIT_TEXT.nickName} value={value.nickName} disabled={!!value.equipmentId} onChange={(e) => onChange({ ...value, nickName: e.target.value })}
        slotProps={{ htmlInput: { maxLength: 200 } }} />
    </>
  );
}
