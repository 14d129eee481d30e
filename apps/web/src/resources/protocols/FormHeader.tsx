import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import type { TProductFamilyWithModels, TProtocolTypeOption } from '@insp/contracts';
import { useEquipment } from '../inspection-points/refs';
import { ignoresTargets, setType, tempKey, type FormTarget, type ProtocolForm } from './form';
import { PR } from './texts';

type Change = (f: (form: ProtocolForm) => ProtocolForm) => void;

function TargetRow({ t, i, families, onChange, onRemove }: { t: FormTarget; i: number; families: TProductFamilyWithModels[]; onChange: (t: FormTarget) => void; onRemove: () => void }) {
  const models = families.find((f) => f.id === t.productFamilyId)?.productModels ?? [];
  const equipment = useEquipment(t.productModelId ? [t.productModelId] : []);
  const n = i + 1;
  return (
    <Box role="group" aria-label={`Target ${n}`} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr auto' }, alignItems: 'center' }}>
      <TextField select size="small" label={`Product family ${n}`} value={t.productFamilyId}
        onChange={(e) => onChange({ ...t, productFamilyId: e.target.value, productModelId: null, equipmentId: null })}>
        {families.map((f) => <MenuItem key={f.id} value={f.id}>{f.familyName}</MenuItem>)}
      </TextField>
      <TextField select size="small" label={`Product model ${n}`} value={t.productModelId ?? ''} disabled={!t.productFamilyId}
        onChange={(e) => onChange({ ...t, productModelId: e.target.value || null, equipmentId: null })}>
        <MenuItem value="">Any model</MenuItem>
        {models.map((m) => <MenuItem key={m.id} value={m.id}>{m.name}</MenuItem>)}
      </TextField>
      <TextField select size="small" label={`Equipment ${n}`} value={t.equipmentId ?? ''} disabled={!t.productModelId || !equipment.data?.length}
        onChange={(e) => onChange({ ...t, equipmentId: e.target.value || null })}>
        <MenuItem value="">Any equipment</MenuItem>
        {(equipment.data ?? []).map((e) => <MenuItem key={e.id} value={e.id}>{e.serialNumber ?? e.serial ?? e.id}</MenuItem>)}
      </TextField>
      <IconButton aria-label={`Remove target ${n}`} onClick={onRemove}><DeleteIcon /></IconButton>
    </Box>
  );
}

/** Name (or the automatic name), type with its specific-groups note, and targets (001 §2, §4). */
export function FormHeader({ form, change, name, types, families, typeLocked = false }: { form: ProtocolForm; change: Change; name: string; types: TProtocolTypeOption[]; families: TProductFamilyWithModels[]; typeLocked?: boolean }) {
  const chosen = types.find((t) => t.type === form.type);
  const setTarget = (i: number, t: FormTarget) => change((f) => ({ ...f, targets: f.targets.map((x, k) => (k === i ? t : x)) }));
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <TextField size="small" label="Name" value={name} required disabled={form.automaticName}
        onChange={(e) => change((f) => ({ ...f, name: e.target.value }))} />
      <FormControlLabel label="Automatic name"
        control={<Checkbox checked={form.automaticName} onChange={(e) => change((f) => ({ ...f, automaticName: e.target.checked }))} />} />
      <TextField select size="small" label="Inspection type" required value={form.type} disabled={typeLocked}
        helperText={typeLocked ? null : (chosen?.note ?? ' ')} onChange={(e) => change((f) => setType(f, e.target.value))}>
        <MenuItem value=""><em>None</em></MenuItem>
        {types.map((t) => <MenuItem key={t.type} value={t.type}>{t.name}</MenuItem>)}
      </TextField>
      {/* not the disabled field's helper text, which MUI greys below readable contrast */}
      {typeLocked ? <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>{[chosen?.note, PR.typeLocked].filter(Boolean).join('. ')}</Typography> : null}
      {ignoresTargets(form.type) ? (
        <Typography variant="body2" color="text.secondary">
          {form.type ? 'This type has no targets.' : 'Choose a type to add targets.'}
        </Typography>
      ) : (
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, display: 'grid', gap: 1, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>Targets</Typography>
          {form.targets.map((t, i) => (
            <TargetRow key={t.key} t={t} i={i} families={families} onChange={(x) => setTarget(i, x)}
              onRemove={() => change((f) => ({ ...f, targets: f.targets.filter((_, k) => k !== i) }))} />
          ))}
          <Box>
            <Button variant="outlined" onClick={() => change((f) => ({ ...f, targets: [...f.targets, { key: tempKey(), productFamilyId: '', productModelId: null, equipmentId: null }] }))}>
              Add target
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}
