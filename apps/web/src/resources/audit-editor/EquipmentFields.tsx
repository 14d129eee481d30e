import { useQuery } from '@tanstack/react-query';
import TextField from '@mui/material/TextField';
import { AUDIT_KIND_CATEGORIES, type TAudit } from '@insp/contracts';
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

/** What a machine of the site is, in its option (issue 20): family and model, then serial number and nickname. */
const machineName = (m: { serialNumber: string | null; nickName: string | null; productFamilyName: string | null; productModelName: string | null }) =>
  [[m.productFamilyName, m.productModelName].filter(Boolean).join(' '), m.serialNumber, m.nickName].filter(Boolean).join(' · ');

/**
 * Equipment of a run: pick a machine of the audit's site or describe one (family, model, serial number or nickname).
 * Only families of the run's kind are offered, and only their machines (issue 20: a crusher run audits crushers; the
 * server checks the same, AUDIT_KIND_CATEGORIES); where no category of those names exists, every family is.
 */
export function EquipmentFields({ audit, kind, value, onChange }: { audit: TAudit; kind: string; value: EquipmentForm; onChange(next: EquipmentForm): void }) {
  const customerId = audit.customer?.id ?? '';
  const machinesQuery = useQuery({ ...trpc.inspectionStart.equipment.queryOptions({ customerId, customerSiteId: audit.customerSite?.id ?? null }), enabled: !!customerId });
  const familiesQuery = useQuery(trpc.productFamilies.all.queryOptions());
  const wanted = AUDIT_KIND_CATEGORIES[kind];
  const ofKind = familiesQuery.data?.filter((f) => wanted?.includes(f.productCategoryName));
  const families = wanted && ofKind?.length ? ofKind : familiesQuery.data;
  const familyIds = new Set((families ?? []).map((f) => f.id));
  const machines = machinesQuery.data?.filter((m) => !m.productFamilyId || familyIds.has(m.productFamilyId));
  const models = families?.find((f) => f.id === value.productFamilyId)?.productModels ?? [];
  const pickMachine = (id: string | null) => {
    const m = machines?.find((x) => x.id === id);
    onChange(m ? { equipmentId: m.id, productFamilyId: m.productFamilyId, productModelId: m.productModelId, serialNumber: m.serialNumber ?? '', nickName: m.nickName ?? '' } : { ...value, equipmentId: null });
  };
  return (
    <>
      <SelectField label={AUDIT_TEXT.equipment} value={value.equipmentId} onChange={pickMachine} emptyOption={AUDIT_TEXT.newEquipment}
        options={(machines ?? []).map((m) => ({ id: m.id, name: machineName(m) }))} />
      <SelectField label={AUDIT_TEXT.family} required value={value.productFamilyId} disabled={!families}
        options={families ?? []} onChange={(id) => onChange({ ...value, equipmentId: null, productFamilyId: id, productModelId: null })} />
      <SelectField label={AUDIT_TEXT.model} required value={value.productModelId} disabled={!value.productFamilyId}
        options={models} onChange={(id) => onChange({ ...value, equipmentId: null, productModelId: id })} />
      <TextField label={AUDIT_TEXT.serialNumber} value={value.serialNumber} disabled={!!value.equipmentId}
        onChange={(e) => onChange({ ...value, serialNumber: e.target.value })} slotProps={{ htmlInput: { maxLength: 100 } }} />
      <TextField label={AUDIT_TEXT.nickName} value={value.nickName} disabled={!!value.equipmentId} onChange={(e) => onChange({ ...value, nickName: e.target.value })}
        slotProps={{ htmlInput: { maxLength: 200 } }} />
    </>
  );
}
