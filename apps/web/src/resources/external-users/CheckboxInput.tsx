import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useInput } from 'react-admin';

/** A plain checkbox bound to the form (002 §2 asks for a distributor-admin checkbox; BooleanInput is a switch). */
export function CheckboxInput({ source, label }: { source: string; label: string }) {
  const { field } = useInput({ source, defaultValue: false });
  return (
    <FormControlLabel
      label={label}
      control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} name={field.name} />}
    />
  );
}
