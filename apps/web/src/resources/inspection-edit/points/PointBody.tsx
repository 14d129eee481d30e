import Stack from '@mui/material/Stack';
import { ChoicesPoint } from './ChoicesPoint';
import { DropdownPoint } from './DropdownPoint';
import { MeasurementPoint } from './MeasurementPoint';
import { RadioPoint } from './RadioPoint';
import { RangeValuesPoint } from './RangeValuesPoint';
import { TablePoint } from './TablePoint';
import type { PointKindProps } from './types';

/** The inputs of a point's kind (001 §3 point types); a Comment point has only its comments (PointCard). */
export function PointBody(props: PointKindProps) {
  switch (props.config.type) {
    case 'RadioButtonSelection':
      return <RadioPoint {...props} />;
    case 'RadioButtonSelectionAndRangeValues':
      return (
        <Stack spacing={1.5}>
          <RadioPoint {...props} />
          <RangeValuesPoint {...props} />
        </Stack>
      );
    case 'Measurement':
      return <MeasurementPoint {...props} />;
    case 'Summary':
    case 'SummaryWithRows':
    case 'MeasurementsWithPicture':
      return <TablePoint {...props} />;
    case 'RangeValues':
      return <RangeValuesPoint {...props} />;
    case 'MultipleChoices':
      return <ChoicesPoint {...props} />;
    case 'MultipleChoicesAndRangeValues':
      return (
        <Stack spacing={1.5}>
          <ChoicesPoint {...props} />
          <RangeValuesPoint {...props} />
        </Stack>
      );
    case 'Dropdown':
      return <DropdownPoint {...props} />;
    case 'Comment':
      return null;
  }
}
