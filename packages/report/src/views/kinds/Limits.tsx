/** @jsxRuntime automatic */
import { LIMIT_MARKS, type LimitState, type TReportLimits } from '@insp/contracts';
import { useReport } from '../../context.js';

export const MARK_SYMBOL = LIMIT_MARKS;
const KEYS = ['criticalLow', 'low', 'high', 'criticalHigh'] as const;

const unitText = (unit: string | null) => (unit ? ` ${unit}` : '');

/** 'Below the low limit (32 °C)': which limit a value is past, red when critical. */
export function LimitMark({ state, limits, unit }: { state: LimitState | null; limits: TReportLimits | null; unit: string | null }) {
  const { t, fmt } = useReport();
  if (!state || state === 'ok' || !limits) return null;
  const limit = limits[state];
  const critical = state === 'criticalLow' || state === 'criticalHigh';
  return (
    <span className={`mark${critical ? '' : ' soft'}`} data-limit={state}>
      {MARK_SYMBOL[state]} {t(`marks.${state}`)}
      {limit != null ? ` (${fmt.number(limit)}${unitText(unit)})` : ''}
    </span>
  );
}

/** 'Limits: Critical low 20 · Low 32 · High 60 °C', the empty ones left out. */
export function LimitsLine({ limits, unit }: { limits: TReportLimits | null; unit: string | null }) {
  const { t, fmt } = useReport();
  const set = KEYS.filter((k) => limits?.[k] != null);
  if (!limits || !set.length) return null;
  return (
    <div className="small muted">
      {t('point.limits')}: {set.map((k) => `${t(`limits.${k}`)} ${fmt.number(limits[k]!)}`).join(' · ')}
      {unitText(unit)}
    </div>
  );
}
