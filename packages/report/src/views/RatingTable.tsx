/** @jsxRuntime automatic */
import type { TReportData, TReportPoint } from '@insp/contracts';
import { useReport } from '../context.js';
import { RATED, ratingStyle, Section } from './parts.js';

const countBy = (points: TReportPoint[]) => RATED.map((r) => points.filter((p) => p.rating === r).length);

/** How many points of each category got each rating; placed at the start or end as the protocol says (001 §3). */
export function RatingTable({ data }: { data: TReportData }) {
  const { t, fmt } = useReport();
  const rows = data.categories.map((c) => ({ key: c.id, title: c.title, counts: countBy(c.points) }));
  if (data.extraPoints.length) rows.push({ key: 'extra', title: t('sections.extraPoints'), counts: countBy(data.extraPoints) });
  const totals = RATED.map((_, i) => rows.reduce((s, r) => s + r.counts[i], 0));
  const cell = (n: number, key: string) => (
    <td key={key} className={`num${n ? '' : ' zero'}`}>{n ? fmt.number(n) : '–'}</td>
  );
  return (
    <Section title={t('ratingTable.title')} className="ratings">
      <table>
        <thead>
          <tr>
            <th>{t('ratingTable.category')}</th>
            {RATED.map((r) => <th key={r} className="rate" style={ratingStyle(r)}>{t(`rating.${r}`)}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <td>{r.title}</td>
              {r.counts.map((n, i) => cell(n, RATED[i]))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td>{t('ratingTable.total')}</td>
            {totals.map((n, i) => cell(n, RATED[i]))}
          </tr>
        </tfoot>
      </table>
    </Section>
  );
}
