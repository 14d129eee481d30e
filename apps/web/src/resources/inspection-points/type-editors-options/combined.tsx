import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TypeEditorProps } from '../typeEditor';
import { MultipleChoicesEditor } from './MultipleChoicesEditor';
import { OptionGroupEditor } from './OptionGroupEditor';
import { RangeValuesEditor } from './RangeValuesEditor';

/** RadioButtonSelectionAndRangeValues: the option group plus a title for the values and a range-values list (001 §2). */
export function OptionGroupAndRangeValues(props: TypeEditorProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <OptionGroupEditor {...props} />
      <RangeValuesEditor {...props} />
    </Box>
  );
}

/** MultipleChoicesAndRangeValues: the choice lists plus a range-values title and list (001 §2). */
export function ChoicesAndRangeValues(props: TypeEditorProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box component="section" aria-labelledby="choices-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography variant="subtitle1" component="h3" id="choices-heading">
          Multiple choices
        </Typography>
        <MultipleChoicesEditor {...props} />
      </Box>
      <RangeValuesEditor {...props} />
    </Box>
  );
}
