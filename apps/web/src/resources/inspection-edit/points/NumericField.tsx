import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { valueError } from '../validation';

/**
 * A typed value: with `numeric`, the spec's numeric rule (000 §5: optional sign, digits, a decimal point or a
 * comma, optional exponent) marks anything else at once; a pattern the point authored is checked too.
 */
export function NumericField({ label, value, onChange, numeric, pattern, unit, helper, disabled, size = 'small' }: {
  label: string;
  value: string;
  onChange(next: string): void;
  numeric: boolean;
  pattern?: string | null;
  unit?: string | null;
  helper?: string | null;
  disabled?: boolean;
  size?: 'small' | 'medium';
}) {
  const error = valueError(value, { numeric, pattern });
  return (
    <TextField
      size={size}
      label={label}
      value={value}
      disabled={disabled}
      error={!!error}
      helperText={error ?? helper ?? undefined}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        htmlInput: { inputMode: numeric ? 'decimal' : undefined, maxLength: 200 },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
        // The limits stay information to read on a disabled point: MUI's disabled grey failed axe's contrast rule.
        formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
      }}
    />
  );
}
