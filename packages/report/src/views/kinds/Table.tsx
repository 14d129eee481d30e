/** @jsxRuntime automatic */
import { cellKey, computeTable, limitState, parseNumeric, type LimitState, type TReportPoint, type TReportTable } from '@insp/contracts';
import { useReport } from '../../context.js';
import { LimitMark, LimitsLine, MARK_SYMBOL } from './Limits.js';

/**
 * Table-type points: typed cells as recorded (numbers in the language's format), aggregated cells computed
 * (000 §2.6, 2 decimals), numeric cells past a limit marked and explained under the table, and the previous
 * inspection's typed value in small print.
 */
export function TableValues({ p, table }: { p: TReportPoint; table: TReportTable }) {
  const { t, fmt } = useReport();
  const computed = computeTable(table);
  const typed = new Map(table.values.map((v) => [cellKey(v.rowId, v.fieldId), v.value]));
  const previous = new Map((p.previous?.cells ?? []).map((v) => [cellKey(v.rowId, v.fieldId), v.value]));
  const used = new Set<LimitState>();
  const aggLabel = (a: string, title: string) => (a !== 'No' && title.trim().toLowerCase() !== a.toLowerCase() ? ` (${t(`aggregation.${a}`)})` : '');

  const cell = (row: TReportTable['rows'][number], f: TReportTable['fields'][number]) => {
    const key = cellKey(row.id, f.id);
    const aggregated = row.aggregation !== 'No' || f.aggregation !== 'No';
    const n = computed.get(key) ?? (aggregated ? null : parseNumeric(typed.get(key)));
    const state = limitState(n, p.limits);
    if (state && state !== 'ok') used.add(state);
    const critical = state === 'criticalLow' || state === 'criticalHigh';
    const cls = [n != null ? 'num' : '', aggregated ? 'agg' : '', state && state !== 'ok' ? (critical ? 'critical' : 'out') : ''].filter(Boolean).join(' ');
    const shown = aggregated ? (n != null ? fmt.number(n, 2) : '') : fmt.value(typed.get(key));
    const prev = aggregated ? null : previous.get(key);
    return (
      <td key={f.id} className={cls || undefined} data-limit={state && state !== 'ok' ? state : undefined}>
        {shown}
        {state && state !== 'ok' ? <span className={`cell-mark mark${critical ? '' : ' soft'}`}>{MARK_SYMBOL[state]}</span> : null}
        {prev != null && prev !== '' ? <span className="prev">{t('point.previousShort')} {fmt.value(prev)}</span> : null}
      </td>
    );
  };

  const body = table.rows.map((row) => (
    <tr key={row.id}>
      <th className={row.aggregation !== 'No' ? 'agg' : undefined}>{row.title}{aggLabel(row.aggregation, row.title)}</th>
      {table.fields.map((f) => cell(row, f))}
    </tr>
  ));
  return (
    <div>
      {p.measurementTitle ? <div className="label">{p.measurementTitle}{p.unit ? ` (${p.unit})` : ''}</div> : null}
      <table>
        <thead>
          <tr>
            <th>{table.fieldTitle ?? ''}</th>
            {table.fields.map((f) => (
              <th key={f.id} className={f.aggregation !== 'No' ? 'agg num' : 'num'}>{f.title}{aggLabel(f.aggregation, f.title)}</th>
            ))}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
      {[...used].map((s) => (
        <div key={s} className="small"><LimitMark state={s} limits={p.limits} unit={p.unit} /></div>
      ))}
      <LimitsLine limits={p.limits} unit={p.unit} />
      {p.previous?.cells.length ? <div className="small muted">{t('point.previousShort')} = {t('point.previous')} ({fmt.date(p.previous.date)})</div> : null}
    </div>
  );
}
