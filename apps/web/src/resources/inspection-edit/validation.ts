import { isNumericString, type KeyboardType, type TEditPointConfig } from '@insp/contracts';
import { isTable, type ContentValue } from './formValues';
import { EDIT_TEXT } from './texts';

// The same rules as the server's check against the point (docs/decisions.md, "Checks against the point").
const NUMERIC_KEYBOARDS: readonly KeyboardType[] = ['number-pad', 'decimal-pad', 'numeric'];
const TEXT_MEASUREMENT_KEYBOARDS: readonly KeyboardType[] = ['date', 'date-time', 'email-address', 'phone-pad'];

/** Table cells and range values follow the numeric rule (000 §5) when their keyboard is a number pad. */
export const isNumericKeyboard = (k: KeyboardType) => NUMERIC_KEYBOARDS.includes(k);
/** A Measurement's value is numeric unless its keyboard asks for a date, an e-mail or a phone number. */
export const isNumericMeasurement = (k: KeyboardType) => !TEXT_MEASUREMENT_KEYBOARDS.includes(k);

export const FORMAT_MISMATCH = 'Does not match the expected format';

/** Why a typed value is refused, or null: the numeric rule, then the point's own pattern (which the server leaves to the form). */
export function valueError(text: string | null | undefined, rule: { numeric: boolean; pattern?: string | null }): string | null {
  const v = (text ?? '').trim();
  if (!v) return null;
  if (rule.numeric && !isNumericString(v)) return EDIT_TEXT.notNumeric;
  if (rule.pattern) {
    try {
      if (!new RegExp(rule.pattern).test(v)) return FORMAT_MISMATCH;
    } catch {
      /* an authored pattern that is not a valid expression checks nothing */
    }
  }
  return null;
}

/** Every follow-up range value the point's options may ask for, by id. */
export function followUps(config: TEditPointConfig) {
  return new Map(
    [...(config.optionGroup?.options ?? []), ...config.multipleChoices.flatMap((c) => c.options), ...config.dropdowns.flatMap((d) => d.options)]
      .flatMap((o) => (o.followUpRangeValue ? [[o.followUpRangeValue.id, o.followUpRangeValue] as const] : [])),
  );
}

/** True when every typed value of the point passes (000 §5); the first problem's text otherwise (react-hook-form `validate`). */
export function validatePoint(config: TEditPointConfig, c: ContentValue): true | string {
  const problems: (string | null)[] = [];
  if (config.type === 'Measurement') problems.push(valueError(c.value, { numeric: isNumericMeasurement(config.keyboardType), pattern: config.inputValidationRegexp }));
  if (isTable(config)) {
    const fields = new Map(config.fields.map((f) => [f.id, f]));
    for (const r of c.rows) {
      for (const cell of r.values) {
        const f = fields.get(cell.fieldId);
        if (f && f.inspectionPointFieldAggregation === 'No' && r.inspectionPointRowAggregation === 'No') problems.push(valueError(cell.value, { numeric: isNumericKeyboard(f.keyboardType) }));
      }
    }
  }
  const ranges = new Map([...config.rangeValues.map((r) => [r.id, r] as const), ...followUps(config)]);
  for (const rv of c.rangeValues) {
    const def = ranges.get(rv.rangeValueId);
    if (def) problems.push(valueError(rv.value, { numeric: isNumericKeyboard(def.keyboardType), pattern: def.inputValidationRegexp }));
  }
  return problems.find((p) => p) ?? true;
}
