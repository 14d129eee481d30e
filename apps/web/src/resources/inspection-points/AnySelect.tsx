import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { PT } from './texts';

/** A small select of one value or 'Any' (''), as the point list's filters use. */
export function AnySelect(props: { label: string; value: string; options: Array<{ id: string; label: string }>; onChange: (v: string) => void; disabled?: boolean; sx?: SxProps<Theme> }) {
  return (
    <TextField select size="small" label={props.label} value={props.value} disabled={props.disabled} sx={props.sx} onChange={(e) => props.onChange(e.target.value)}>
      <MenuItem value="">{PT.any}</MenuItem>
      {props.options.map((o) => <MenuItem key={o.id} value={o.id}>{o.label}</MenuItem>)}
    </TextField>
  );
}
