import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LifeEstimateTypes } from '@insp/contracts';
import { LIFE_ESTIMATE_LABELS } from '../option-labels';
import { useUnits } from '../refs';
import { limitsValid } from '../rules';
import type { TypeEditorModule, TypeEditorProps } from '../typeEditor';
import { LimitsEditor } from './LimitsEditor';

/** Unit select (units of the reference data); shared by the measurement and table editors. */
export function UnitSelect({ value, onChange, disabled }: { value: string | null | undefined; onChange: (id: string | null) => void; disabled?: boolean }) {
  const units = useUnits();
  return (
    <TextField select size="small" label="Unit" value={value ?? ''} disabled={disabled} onChange={(e) => onChange(e.target.value || null)}>
      <MenuItem value="">(none)</MenuItem>
      {(units.data ?? []).map((u) => <MenuItem key={u.id} value={u.id}>{u.symbol && u.symbol !== u.name ? `${u.symbol} (${u.name})` : u.name}</MenuItem>)}
    </TextField>
  );
}

/** Line chart checkbox (LineChart / NoVisualization) with the life estimate shown only with the chart (001 §3, §4). */
export function Visualization({ value, onChange, disabled }: TypeEditorProps) {
  const chart = value.visualizationType === 'LineChart';
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <FormControlLabel label="Line chart" disabled={disabled}
        control={<Checkbox checked={chart} onChange={(e) => onChange({ visualizationType: e.target.checked ? 'LineChart' : 'NoVisualization', ...(e.target.checked ? {} : { lifeEstimateType: 'Off' }) })} />} />
      {chart ? (
        <TextField select size="small" label="Life estimate" value={value.lifeEstimateType ?? 'Off'} disabled={disabled} sx={{ width: 160 }}
          onChange={(e) => onChange({ lifeEstimateType: e.target.value as (typeof LifeEstimateTypes)[number] })}>
          {LifeEstimateTypes.map((t) => <MenuItem key={t} value={t}>{LIFE_ESTIMATE_LABELS[t]}</MenuItem>)}
        </TextField>
      ) : null}
    </Box>
  );
}

function MeasurementEditor(props: TypeEditorProps) {
  const { value, onChange, disabled } = props;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <TextField size="small" label="Measurement title" value={value.measurementTitle ?? ''} disabled={disabled} onChange={(e) => onChange({ measurementTitle: e.target.value })} />
        <UnitSelect value={value.measurementUnitId} disabled={disabled} onChange={(measurementUnitId) => onChange({ measurementUnitId })} />
      </Box>
      <LimitsEditor value={value.measurementLimits ?? []} disabled={disabled} onChange={(measurementLimits) => onChange({ measurementLimits })} />
      <Visualization {...props} />
    </Box>
  );
}

/** Measurement: title, unit, limits, visualization (001 §2). A limit that is not a number blocks the save. */
export const measurementEditor: TypeEditorModule = { Editor: MeasurementEditor, isValid: limitsValid };
