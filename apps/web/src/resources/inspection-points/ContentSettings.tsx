import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { FIELD_FLAGS, flagEnabled, setFlag, type FieldFlag, type FieldKey, type PointForm } from './rules';

const FIELD_LABEL: Record<FieldKey, string> = {
  commentField: 'Comment',
  internalCommentField: 'Internal comment',
  ratingField: 'Rating',
  photoField: 'Photo',
  voiceCommentField: 'Voice comment',
};
const FLAG_LABEL: Record<FieldFlag, string> = { present: 'Present', required: 'Required', onlyForFailure: 'Only for failure' };

/** Content settings (001 §3, §5): each field present / required / only for failure; the last two need present. */
export function ContentSettings({ value, onChange, disabled }: { value: PointForm; onChange: (p: Partial<PointForm>) => void; disabled?: boolean }) {
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, m: 0, px: 1.5, pb: 1 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>Content settings</Typography>
      {(Object.keys(FIELD_FLAGS) as FieldKey[]).map((key) => (
        <Box key={key} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
          <Typography variant="body2" sx={{ width: 130, fontWeight: 600 }}>{FIELD_LABEL[key]}</Typography>
          {FIELD_FLAGS[key].map((flag) => (
            <FormControlLabel
              key={flag}
              label={FLAG_LABEL[flag]}
              disabled={disabled || !flagEnabled(value, key, flag)}
              control={
                <Checkbox
                  size="small"
                  checked={!!(value[key] as Record<string, boolean> | undefined)?.[flag]}
                  onChange={(e) => onChange(setFlag(value, key, flag, e.target.checked))}
                  slotProps={{ input: { 'aria-label': `${FIELD_LABEL[key]}: ${FLAG_LABEL[flag]}` } }}
                />
              }
            />
          ))}
        </Box>
      ))}
    </Box>
  );
}
