import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { EDIT_TEXT } from '../texts';
import type { PointKindProps } from './types';

/** 000 §2.6: the tick sets rating NotApplicable (the point's options are then disabled); unticking clears the rating. */
export function NotApplicable({ value, onChange, label, readOnly = false }: Pick<PointKindProps, 'value' | 'onChange' | 'label'> & { readOnly?: boolean }) {
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={value.rating === 'NotApplicable'}
          disabled={readOnly}
          onChange={(e) => onChange({ ...value, rating: e.target.checked ? 'NotApplicable' : 'NotSet' })}
          slotProps={{ input: { 'aria-label': `${EDIT_TEXT.notApplicable}: ${label}` } }}
        />
      }
      label={EDIT_TEXT.notApplicable}
    />
  );
}
