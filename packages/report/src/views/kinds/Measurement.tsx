/** @jsxRuntime automatic */
import { limitState, parseNumeric, type TReportPoint } from '@insp/contracts';
import { useReport } from '../../context.js';
import { LimitMark, LimitsLine } from './Limits.js';

/** A measured value with its unit, the limit it is past (if any), the limits and the previous inspection's value. */
export function MeasurementValue({ p }: { p: TReportPoint }) {
  const { t, fmt } = useReport();
  const unit = p.unit ? ` ${p.unit}` : '';
  const has = p.value != null && p.value.trim() !== '';
  const state = limitState(parseNumeric(p.value), p.limits);
  const prev = p.previous;
  return (
    <div>
      <div>
        <span className="label">{p.measurementTitle || t('point.value')}</span>{' '}
        <span className="value">{has ? `${fmt.value(p.value)}${unit}` : '–'}</span>{' '}
        <LimitMark state={state} limits={p.limits} unit={p.unit} />
      </div>
      <LimitsLine limits={p.limits} unit={p.unit} />
      {prev && prev.value != null && prev.value.trim() !== '' ? (
        <div className="small muted">
          {t('point.previous')} ({fmt.date(prev.date)}): {fmt.value(prev.value)}
          {unit}
        </div>
      ) : null}
    </div>
  );
}
