import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import type { KeyboardType, ValidationConsequence } from '@insp/contracts';
import type { PointForm } from './rules';
import { regexpError } from './type-editors-options/followUp';
import { ConsequenceSelect, KeyboardTypeSelect } from './type-editors-options/fields';


/** The point's own input options (001 §3, §5): keyboard type, validation regexp and consequence, content required, name overridable. */
export function PointOptions({ value, onChange, disabled }: { value: PointForm; onChange: (p: Partial<PointForm>) => void; disabled?: boolean }) {
  const problem = regexpError(value.inputValidationRegexp);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <KeyboardTypeSelect value={value.keyboardType} disabled={disabled} onChange={(k) => onChange({ keyboardType: k as KeyboardType })} />
      <ConsequenceSelect value={value.validationConsequence} disabled={disabled} onChange={(c) => onChange({ validationConsequence: c as ValidationConsequence })} />
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
