import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import { limitState, parseNumeric, type LimitState, type TReportLimits } from '@insp/contracts';
import { isNumericMeasurement } from '../validation';
import { NumericField } from './NumericField';
import { PreviousMeasurement, usePreviousValue } from './previous';
import type { PointKindProps } from './types';

export const STATE_TEXT: Record<Exclude<LimitState, 'ok'>, string> = {
  criticalLow: 'Below the critical low limit',
  low: 'Below the low limit',
  high: 'Above the high limit',
  criticalHigh: 'Above the critical high limit',
};

/** 'Limits: critical low 10, low 16, high 30, critical high 40 mm' (the model's limits, else the family's). */
export function limitsText(limits: TReportLimits | null, unit: string | null): string | null {
  if (!limits) return null;
  const parts = (
    [['critical low', limits.criticalLow], ['low', limits.low], ['high', limits.high], ['critical high', limits.criticalHigh]] as const
  ).filter(([, n]) => n != null).map(([name, n]) => `${name} ${n}`);
  return parts.length ? `Limits: ${parts.join(', ')}${unit ? ` ${unit}` : ''}` : null;
}

/**
 * Measurement: the value (numeric rule, 000 §5, comma as decimal point) with its unit and limits, and in the report
 * edit form what the machine measured last time (issue 23).
 */
export function MeasurementPoint({ config, value, onChange, disabled, label }: PointKindProps) {
  const state = limitState(parseNumeric(value.value), config.limits);
  const previous = usePreviousValue(config.inspectionPointId);
  return (
    <Stack spacing={0.5} sx={{ maxWidth: 360 }}>
      <NumericField
        size="medium"
        label={config.measurementTitle || `${label} value`}
        value={value.value}
        unit={config.unitValue}
        numeric={isNumericMeasurement(config.keyboardType)}
        pattern={config.inputValidationRegexp}
        helper={limitsText(config.limits, config.unitValue)}
        disabled={disabled}
        onChange={(v) => onChange({ ...value, value: v })}
      />
      <PreviousMeasurement previous={previous} unit={config.unitValue} />
      {state && state !== 'ok' && (
        <Typography variant="body2" color={state.startsWith('critical') ? 'error' : 'warning.dark'} data-testid="limit-state">
          {STATE_TEXT[state]}
        </Typography>
      )}
    </Stack>
  );
}
