import Box from '@mui/material/Box';
import { ProtocolTypes } from '@insp/contracts';
import { AnySelect } from './AnySelect';
import type { PointListContext } from './PointList';
import { useEquipment, useFamilies } from './refs';
import { typeLabel } from './texts';

/**
 * What the point list's checkboxes filter by on the authoring screen (in protocol creation the protocol being built
 * gives it): an inspection type and a product (family, then model, then a machine by serial number). Changing a
 * family clears the model and machine below it.
 */
export function ListContextPicker({ value, onChange }: { value: PointListContext; onChange: (c: PointListContext) => void }) {
  const families = useFamilies();
  const family = value.productFamilyIds?.[0] ?? '';
  const model = value.productModelIds?.[0] ?? '';
  const machine = value.equipmentIds?.[0] ?? '';
  const equipment = useEquipment(model ? [model] : []);
  const models = (families.data ?? []).find((f) => f.id === family)?.productModels ?? [];
  const list = (id: string) => (id ? [id] : []);
  return (
    <Box role="group" aria-label="Filter context" sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr' }}>
      <AnySelect label="For type" value={value.type ?? ''} options={ProtocolTypes.map((t) => ({ id: t, label: typeLabel(t) }))}
        onChange={(t) => onChange({ ...value, type: t || null })} />
      <AnySelect label="For family" value={family} options={(families.data ?? []).map((f) => ({ id: f.id, label: f.familyName }))}
        onChange={(f) => onChange({ ...value, productFamilyIds: list(f), productModelIds: [], equipmentIds: [] })} />
      <AnySelect label="For model" value={model} disabled={!family} options={models.map((m) => ({ id: m.id, label: m.name }))}
        onChange={(m) => onChange({ ...value, productModelIds: list(m), equipmentIds: [] })} />
      <AnySelect label="For serial" value={machine} disabled={!model}
        options={(equipment.data ?? []).map((e) => ({ id: e.id, label: e.serialNumber ?? e.serial ?? e.id }))}
        onChange={(e) => onChange({ ...value, equipmentIds: list(e) })} />
    </Box>
  );
}
