import type { Aggregation, AggregationDirection, KeyboardType, LifeEstimateType, ValidationConsequence } from '@insp/contracts';

/**
 * What the authoring screens show for each stored value of a point's settings (001 §5 lists the values): a user
 * reads a label, never the enum name the API carries (issue 19).
 */
export const KEYBOARD_LABELS: Record<KeyboardType, string> = {
  default: 'Text',
  'number-pad': 'Whole number',
  'decimal-pad': 'Decimal number',
  numeric: 'Number with sign',
  'email-address': 'E-mail address',
  'phone-pad': 'Phone number',
  date: 'Date',
  'date-time': 'Date and time',
};

export const CONSEQUENCE_LABELS: Record<ValidationConsequence, string> = {
  NoAction: 'No action',
  PreventMovingNextPoint: 'Prevent moving to the next point',
  PreventReport: 'Prevent the report',
};

export const AGGREGATION_DIRECTION_LABELS: Record<AggregationDirection, string> = {
  No: 'None',
  Row: 'Row',
  Column: 'Column',
  Both: 'Both',
};

export const AGGREGATION_LABELS: Record<Aggregation, string> = {
  Average: 'Average',
  Sum: 'Sum',
  Min: 'Minimum',
  Max: 'Maximum',
  Diff: 'Difference',
  No: 'None',
};

export const LIFE_ESTIMATE_LABELS: Record<LifeEstimateType, string> = { Off: 'Off', Min: 'From the minimum', Max: 'From the maximum' };
