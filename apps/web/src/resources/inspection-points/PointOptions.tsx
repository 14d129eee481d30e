import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { KeyboardTypes, ValidationConsequences, type KeyboardType, type ValidationConsequence } from '@insp/contracts';
import type { PointForm } from './rules';
import { regexpError } from './type-editors-options/followUp';


/** The point's own input options (001 §3, §5): keyboard type, validation regexp and consequence, content required, name overridable. */
export function PointOptions({ value, onChange, disabled }: { value: PointForm; onChange: (p: Partial<PointForm>) => void; disabled?: boolean }) {
  const problem = regexpError(value.inputValidationRegexp);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField select size="small" label="Keyboard type" value={value.keyboardType ?? 'default'} disabled={disabled}
        onChange={(e) => onChange({ keyboardType: e.target.value as KeyboardType })}>
        {KeyboardTypes.map((k) => <MenuItem key={k} value={k}>{k}</MenuItem>)}
      </TextField>
      <TextField select size="small" label="Validation consequence" value={value.validationConsequence ?? 'NoAction'} disabled={disabled}
        onChange={(e) => onChange({ validationConsequence: e.target.value as ValidationConsequence })}>
        {ValidationConsequences.map((k) => <MenuItem key={k} value={k}>{k}</MenuItem>)}
      </TextField>
      <TextField size="small" label="Input validation regexp" value={value.inputValidationRegexp ?? ''} disabled={disabled}
        error={!!problem} helperText={problem ?? ' '} onChange={(e) => onChange({ inputValidationRegexp: e.target.value })} sx={{ gridColumn: '1 / -1' }} />
      <FormControlLabel label="Content required" disabled={disabled}
        control={<Checkbox checked={!!value.contentRequired} onChange={(e) => onChange({ contentRequired: e.target.checked })} />} />
      <FormControlLabel label="Name overridable" disabled={disabled}
        control={<Checkbox checked={!!value.nameOverridable} onChange={(e) => onChange({ nameOverridable: e.target.checked })} />} />
    </Box>
  );
}

export const optionsValid = (v: PointForm) => !regexpError(v.inputValidationRegexp);
