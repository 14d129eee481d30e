import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { coarsePointer } from '../../theme';
import { REPORT_LANGUAGES } from './languages';

export interface LanguageOption { code: string; name: string }

/**
 * The report's language (000 §1: default en), names in English. `languages` replaces the report languages where
 * another screen reads its list from the API (the protocol export: pointAuthoring.languages).
 */
export function LanguageSelect({ value, onChange, languages = REPORT_LANGUAGES, label = 'Language', width = 170 }: {
  value: string;
  onChange: (lang: string) => void;
  languages?: readonly LanguageOption[];
  label?: string;
  width?: number;
}) {
  return (
    <TextField select size="small" fullWidth={false} label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ width, '& .MuiSelect-select': { [coarsePointer]: { py: '10.5px' } } }}>
      {languages.map((l) => (
        <MenuItem key={l.code} value={l.code} sx={{ [coarsePointer]: { minHeight: 44 } }}>
          {l.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
