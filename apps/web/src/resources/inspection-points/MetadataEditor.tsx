import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ProtocolTypes } from '@insp/contracts';
import { useEquipment, useFamilies, useUseCases } from './refs';
import { metaValues, setEquipment, setProducts, setRestriction, type PointForm } from './rules';
import { typeLabel } from './texts';

interface Opt { id: string; label: string }

function Multi(props: { label: string; options: Opt[]; value: string[]; onChange: (ids: string[]) => void; disabled?: boolean; helper?: string }) {
  const byId = new Map(props.options.map((o) => [o.id, o]));
  const value = props.value.map((id) => byId.get(id) ?? { id, label: id });
  return (
    <Autocomplete
      multiple
      size="small"
      disabled={props.disabled}
      options={props.options}
      value={value}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      onChange={(_, v) => props.onChange(v.map((o) => o.id))}
      renderInput={(params) => <TextField {...params} label={props.label} placeholder={value.length ? undefined : 'Any'} helperText={props.helper}
        // the hint says why the box is disabled: it keeps readable contrast (disabled grey is 2.7:1)
        slotProps={{ ...params.slotProps, formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }} />}
    />
  );
}

/**
 * Metadata (001 §2, §3, §4) stored as metas {type, value}: inspection types and use cases ('Any' clears the
 * restriction flag), product families, models and equipment (removing a family or model drops its equipment).
 */
export function MetadataEditor({ value, onChange, disabled }: { value: PointForm; onChange: (p: Partial<PointForm>) => void; disabled?: boolean }) {
  const metas = value.metas ?? [];
  const families = useFamilies();
  const useCases = useUseCases();
  const familyIds = metaValues(metas, 'ProductFamily');
  const modelIds = metaValues(metas, 'ProductModel');
  const equipmentIds = metaValues(metas, 'Equipment');
  const equipment = useEquipment(modelIds);
  const models = useMemo(() => (families.data ?? []).flatMap((f) => f.productModels.map((m) => ({ ...m, familyName: f.familyName }))), [families.data]);
  const equipmentModel = useMemo(() => new Map((equipment.data ?? []).map((e) => [e.id, e.productModelId ?? ''])), [equipment.data]);

  const typeOpts = ProtocolTypes.map((t) => ({ id: t, label: typeLabel(t) }));
  const familyOpts = (families.data ?? []).map((f) => ({ id: f.id, label: f.familyName }));
  const modelOpts = models.filter((m) => familyIds.includes(m.productFamilyId)).map((m) => ({ id: m.id, label: `${m.familyName} ${m.name}` }));
  const equipmentOpts = (equipment.data ?? []).map((e) => ({ id: e.id, label: e.serialNumber ?? e.serial ?? e.id }));
  const products = (f: string[], m: string[]) => onChange({ metas: setProducts(metas, f, m, models, equipmentModel) });

  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, m: 0, p: 1.5, pt: 0.5, display: 'grid', gap: 1.5 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>Metadata</Typography>
      <Multi label="Inspection type" options={typeOpts} value={metaValues(metas, 'ProtocolType')} disabled={disabled}
        onChange={(v) => onChange({ metas: setRestriction(metas, 'ProtocolType', v) })} />
      <Multi label="Use case" options={(useCases.data ?? []).map((u) => ({ id: u.id, label: u.name }))} value={metaValues(metas, 'UseCaseType')} disabled={disabled}
        onChange={(v) => onChange({ metas: setRestriction(metas, 'UseCaseType', v) })} />
      <Multi label="Product family" options={familyOpts} value={familyIds} disabled={disabled} onChange={(f) => products(f, modelIds)} />
      <Multi label="Product model" options={modelOpts} value={modelIds} disabled={disabled || !familyIds.length} onChange={(m) => products(familyIds, m)}
        helper={familyIds.length ? undefined : 'Choose a product family first'} />
      <Multi label="Equipment" options={equipmentOpts} value={equipmentIds} disabled={disabled || !modelIds.length}
        onChange={(e) => onChange({ metas: setEquipment(metas, e) })} helper={modelIds.length ? undefined : 'Choose a product model first'} />
    </Box>
  );
}
