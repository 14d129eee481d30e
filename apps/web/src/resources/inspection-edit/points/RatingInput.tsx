import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { PointRatingName } from '@insp/contracts';
import { touchRadio } from './touch';
import type { PointKindProps } from './types';

/** 000 §2.8: rating options ok, follow up, repair or replace, immediate, not applicable. */
export const RATING_OPTIONS: { value: PointRatingName; label: string }[] = [
  { value: 'Ok', label: 'Ok' },
  { value: 'Follow', label: 'Follow up' },
  { value: 'Repair', label: 'Repair or replace' },
  { value: 'ImmediateAction', label: 'Immediate' },
  { value: 'NotApplicable', label: 'Not applicable' },
];

export function RatingInput({ value, onChange, label, readOnly = false }: Pick<PointKindProps, 'value' | 'onChange' | 'label'> & { readOnly?: boolean }) {
  const shown = RATING_OPTIONS.some((o) => o.value === value.rating) ? value.rating : '';
  return (
    <FormControl>
      <FormLabel sx={{ fontSize: '0.875rem' }}>Rating</FormLabel>
      <RadioGroup row aria-label={`Rating: ${label}`} value={shown} onChange={(e) => onChange({ ...value, rating: e.target.value as PointRatingName })}>
        {RATING_OPTIONS.map((o) => (
          <FormControlLabel key={o.value} value={o.value} control={<Radio sx={touchRadio} disabled={readOnly} />} label={o.label} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
