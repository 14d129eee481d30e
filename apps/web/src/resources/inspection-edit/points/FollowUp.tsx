import type { TEditPointConfig } from '@insp/contracts';
import { isNumericKeyboard } from '../validation';
import { NumericField } from './NumericField';
import { rangeValue, withRangeValue, type PointKindProps } from './types';

type FollowUpDef = NonNullable<NonNullable<TEditPointConfig['optionGroup']>['options'][number]['followUpRangeValue']>;

/** The follow-up value a picked option asks for (001 §3), kept among the point's range values. */
export function FollowUp({ def, value, onChange, disabled }: { def: FollowUpDef } & Pick<PointKindProps, 'value' | 'onChange' | 'disabled'>) {
  return (
    <NumericField
      label={def.title}
      value={rangeValue(value.rangeValues, def.id)}
      numeric={isNumericKeyboard(def.keyboardType)}
      pattern={def.inputValidationRegexp}
      disabled={disabled}
      onChange={(v) => onChange({ ...value, rangeValues: withRangeValue(value.rangeValues, def.id, v) })}
    />
  );
}
