import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isNumericKeyboard } from '../validation';
import { NumericField } from './NumericField';
import { rangeValue, withRangeValue, type PointKindProps } from './types';

/** Range values (RangeValues, and the values of the ...AndRangeValues types): one typed value each. */
export function RangeValuesPoint({ config, value, onChange, disabled }: PointKindProps) {
  return (
    <Box>
      {config.rangeValueTitle && <Typography variant="subtitle2">{config.rangeValueTitle}</Typography>}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 1.5, mt: 1 }}>
        {[...config.rangeValues].sort((a, b) => a.index - b.index).map((r) => (
          <NumericField
            key={r.id}
            label={r.title}
            value={rangeValue(value.rangeValues, r.id)}
            numeric={isNumericKeyboard(r.keyboardType)}
            pattern={r.inputValidationRegexp}
            disabled={disabled}
            onChange={(v) => onChange({ ...value, rangeValues: withRangeValue(value.rangeValues, r.id, v) })}
          />
        ))}
      </Box>
    </Box>
  );
}
