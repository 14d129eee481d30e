import { KeyboardTypes, ValidationConsequences } from '@insp/contracts';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CONSEQUENCE_LABELS, KEYBOARD_LABELS } from '../option-labels';
import { newFollowUp, regexpError } from './followUp';
import type { TFollowUpIn } from './types';

/** A checkbox, radio or switch with its label is one touch target: 44 px high on touch screens (WCAG 2.5.5). */
export const TOUCH_LABEL = { '@media (pointer: coarse)': { minHeight: 44 } } as const;


interface FieldProps<T> {
  value: T;
  onChange(v: T): void;
  disabled?: boolean;
  label?: string;
}

export function KeyboardTypeSelect({ value, onChange, disabled, label = 'Keyboard type' }: FieldProps<string | undefined>) {
  return (
    <TextField select size="small" label={label} value={value ?? 'default'} disabled={disabled} onChange={(e) => onChange(e.target.value)} fullWidth={false} sx={{ minWidth: 150 }}>
      {KeyboardTypes.map((k) => (
        <MenuItem key={k} value={k}>
          {KEYBOARD_LABELS[k]}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function ConsequenceSelect({ value, onChange, disabled, label = 'Validation consequence' }: FieldProps<string | undefined>) {
  return (
    <TextField select size="small" label={label} value={value ?? 'NoAction'} disabled={disabled} onChange={(e) => onChange(e.target.value)} fullWidth={false} sx={{ minWidth: 220 }}>
      {ValidationConsequences.map((c) => (
        <MenuItem key={c} value={c}>
          {CONSEQUENCE_LABELS[c]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Input validation regexp (001 §5: free text); an error border when it does not compile. */
export function RegexpField({ value, onChange, disabled, label = 'Input validation regexp' }: FieldProps<string | null | undefined>) {
  const error = regexpError(value);
  return (
    <TextField
      size="small"
      label={label}
      value={value ?? ''}
      disabled={disabled}
      error={!!error}
      helperText={error ?? undefined}
      onChange={(e) => onChange(e.target.value)}
      fullWidth={false}
      sx={{ flex: '1 1 200px', minWidth: 200 }}
    />
  );
}

/** An option's optional follow-up range value: a checkbox adds a new one (001 §3 defaults) or removes it. */
export function FollowUpEditor({ value, onChange, disabled }: FieldProps<TFollowUpIn | null | undefined>) {
  const set = (patch: Partial<TFollowUpIn>) => value && onChange({ ...value, ...patch });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <FormControlLabel sx={TOUCH_LABEL}
        label="Follow-up value"
        disabled={disabled}
        control={<Checkbox checked={!!value} onChange={(e) => onChange(e.target.checked ? newFollowUp() : null)} />}
      />
      {value && (
        <>
          <TextField size="small" label="Follow-up title" value={value.title ?? ''} disabled={disabled} onChange={(e) => set({ title: e.target.value })} fullWidth={false} sx={{ flex: '1 1 180px' }} />
          <KeyboardTypeSelect value={value.keyboardType} disabled={disabled} onChange={(k) => set({ keyboardType: k as TFollowUpIn['keyboardType'] })} />
          <RegexpField value={value.inputValidationRegexp} disabled={disabled} onChange={(r) => set({ inputValidationRegexp: r })} />
          <ConsequenceSelect
            value={value.validationConsequence}
            disabled={disabled}
            onChange={(c) => set({ validationConsequence: c as TFollowUpIn['validationConsequence'] })}
          />
        </>
      )}
    </Box>
  );
}
