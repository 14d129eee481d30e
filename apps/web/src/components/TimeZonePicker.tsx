import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { timeZones, zoneNameAt } from '@insp/contracts';
import { coarsePointer } from '../theme';

/** What the picker writes under the field when there is no error. */
export const TIME_ZONE_HINT = "Reports print dates and times in this zone; empty: the product's setting";

/**
 * An IANA time zone chosen from the browser's list, searched as typed ('hels' finds Europe/Helsinki), each with its
 * short name now ('EET'); '' for none. A zone the server stored that this browser lists under another name stays
 * choosable. On a touch screen the field and its options are 44 px or more tall (WCAG 2.5.5).
 */
export function TimeZonePicker({
  label,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  name,
  size,
}: {
  label: string;
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: string;
  name?: string;
  size?: 'small' | 'medium';
}) {
  const options = useMemo(() => {
    const list = [...timeZones()];
    if (value && !list.includes(value)) list.unshift(value);
    return list;
  }, [value]);
  const names = useMemo(() => new Map<string, string>(), []);
  const shortName = (zone: string) => {
    let n = names.get(zone);
    if (n === undefined) {
      try {
        n = zoneNameAt(Date.now(), zone);
      } catch {
        n = '';
      }
      names.set(zone, n);
    }
    return n;
  };
  const labelOf = (zone: string) => {
    const n = shortName(zone);
    return n && n !== zone ? `${zone.replaceAll('_', ' ')} (${n})` : zone.replaceAll('_', ' ');
  };
  return (
    <Autocomplete
      options={options}
      value={value || null}
      onChange={(_e, v) => onChange(v ?? '')}
      onBlur={onBlur}
      getOptionLabel={labelOf}
      size={size}
      autoHighlight
      fullWidth
      sx={{ [coarsePointer]: { '& .MuiInputBase-root': { minHeight: 48 } } }}
      slotProps={{ listbox: { sx: { [coarsePointer]: { '& .MuiAutocomplete-option': { minHeight: 48 } } } } }}
      renderInput={(params) => <TextField {...params} name={name} label={label} error={error} helperText={helperText ?? TIME_ZONE_HINT} />}
    />
  );
}
