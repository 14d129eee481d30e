import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { touchItem } from '../../pages/start-inspection/touch';

/** 000 §2.6: dropdown lists for equipment and protocols are limited to 120 px height, scrolling. */
export const LIST_HEIGHT = 120;

/** A select of the run dialogs, its open list at most 120 px high and scrolling. */
export function SelectField({ label, value, options, onChange, disabled, required, emptyOption }: {
  label: string;
  value: string | null;
  options: { id: string; name: string }[];
  onChange(id: string | null): void;
  disabled?: boolean;
  required?: boolean;
  /** Shown for no choice (a real option, e.g. 'New equipment'); the label then stays above it. */
  emptyOption?: string;
}) {
  return (
    <TextField
      select
      label={label}
      value={value ?? ''}
      required={required}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value || null)}
      slotProps={{ inputLabel: emptyOption ? { shrink: true } : undefined, select: { displayEmpty: !!emptyOption, MenuProps: { slotProps: { paper: { sx: { maxHeight: LIST_HEIGHT, overflowY: 'auto' } } } } } }}
    >
      {emptyOption && (
        <MenuItem value="" sx={touchItem}>
          {emptyOption}
        </MenuItem>
      )}
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id} sx={touchItem}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
