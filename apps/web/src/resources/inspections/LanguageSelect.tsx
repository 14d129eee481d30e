import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { coarsePointer } from '../../theme';
import { REPORT_LANGUAGES } from './languages';

/** The report's language (000 §1: default en), names in English. */
export function LanguageSelect({ value, onChange }: { value: string; onChange: (lang: string) => void }) {
  return (
    <TextField select size="small" fullWidth={false} label="Language" value={value} onChange={(e) => onChange(e.target.value)} sx={{ width: 170, '& .MuiSelect-select': { [coarsePointer]: { py: '10.5px' } } }}>
      {REPORT_LANGUAGES.map((l) => (
        <MenuItem key={l.code} value={l.code}>
          {l.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
