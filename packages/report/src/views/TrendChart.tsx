/** @jsxRuntime automatic */
import { scaleLinear, scaleUtc } from 'd3-scale';
import { line } from 'd3-shape';
import type { TReportPoint } from '@insp/contracts';
import { useReport } from '../context.js';
import { lifeEstimate, type LifeEstimate } from '../trend.js';

const W = 680;
const H = 200;
const M = { top: 8, right: 14, bottom: 22, left: 46 };
const COLOURS = ['#0b5c8a', '#8e24aa', '#00897b', '#6d4c41', '#3949ab', '#d81b60'];
const DAY = 86_400_000;

/**
 * A LineChart point's values over its inspections (001 §3 visualization) as inline SVG: one line per series,
 * the limit bands behind (critical zones red, plain limit zones amber, the allowed range green) and, with
 * lifeEstimateType Min or Max, the fitted line extended dashed to the date it crosses the critical limit.
 */
export function TrendChart({ p }: { p: TReportPoint }) {
  const { t, fmt } = useReport();
  const series = (p.trend?.series ?? []).filter((s) => s.points.length);
  if (!p.trend || !series.length) return null;
  const type = p.trend.lifeEstimateType;
  const estimates = series.map((s) => lifeEstimate(s.points, type, p.limits));
  const lim = p.limits;
  const limitValues = lim ? [lim.criticalLow, lim.low, lim.high, lim.criticalHigh].filter((v): v is number => v != null) : [];
  const dates = [...series.flatMap((s) => s.points.map((x) => x.date)), ...estimates.flatMap((e) => (e.kind === 'estimate' ? [e.date] : []))];
  const values = [...series.flatMap((s) => s.points.map((x) => x.value)), ...limitValues];
  let [d0, d1] = [Math.min(...dates), Math.max(...dates)];
  if (d1 - d0 < DAY) [d0, d1] = [d0 - 15 * DAY, d1 + 15 * DAY];
  let [v0, v1] = [Math.min(...values), Math.max(...values)];
  const pad = (v1 - v0 || Math.abs(v1) || 1) * 0.1;
  [v0, v1] = [v0 - pad, v1 + pad];
  const xs = scaleUtc().domain([d0, d1]).range([M.left, W - M.right]);
  const ys = scaleLinear().domain([v0, v1]).range([H - M.bottom, M.top]).nice();
  // Coordinates to a tenth of a pixel: a smaller document, and no float noise in the markup.
  const x = (v: number | Date) => Math.round(xs(v) * 10) / 10;
  const y = (v: number) => Math.round(ys(v) * 10) / 10;
  const [yMin, yMax] = ys.domain();
  const path = line<{ date: number; value: number }>().x((d) => xs(d.date)).y((d) => ys(d.value)).digits(1);
  const unit = p.unit ? ` ${p.unit}` : '';

  // Bands from the bottom up: critical low, low, allowed, high, critical high; a zone whose limit is empty is not drawn.
  const lm = { cl: lim?.criticalLow ?? null, l: lim?.low ?? null, h: lim?.high ?? null, ch: lim?.criticalHigh ?? null };
  const zones: [number | null, number | null, string, boolean][] = [
    [yMin, lm.cl, '#f9d6d5', lm.cl != null],
    [lm.cl ?? yMin, lm.l, '#fde9c8', lm.l != null],
    [lm.l ?? lm.cl ?? yMin, lm.h ?? lm.ch ?? yMax, '#e3f1e4', limitValues.length > 0],
    [lm.h, lm.ch ?? yMax, '#fde9c8', lm.h != null],
    [lm.ch, yMax, '#f9d6d5', lm.ch != null],
  ];
  const bands = zones.map(([from, to, fill, shown], i) => {
    if (!shown || from == null || to == null) return null;
    const lo = Math.max(yMin, from);
    const hi = Math.min(yMax, to);
    return hi > lo ? <rect key={i} x={M.left} width={W - M.left - M.right} y={y(hi)} height={Math.round((y(lo) - y(hi)) * 10) / 10} fill={fill} /> : null;
  });

  const estimateText = (e: LifeEstimate) => {
    const limit = 'limit' in e ? `${fmt.number(e.limit)}${unit}` : '';
    switch (e.kind) {
      case 'estimate': return t('trend.estimate', { limit, date: fmt.date(e.date) });
      case 'tooFew': return t('trend.noTrend', { count: e.needed });
      case 'crossed': return t('trend.crossed', { limit });
      case 'notApproaching': return t('trend.notApproaching', { limit });
      case 'noLimit': return t('trend.noLimit');
      default: return null;
    }
  };

  return (
    <div className="trend">
      <div className="label">{t('trend.title')}{p.measurementTitle ? ` · ${p.measurementTitle}${p.unit ? ` (${p.unit})` : ''}` : ''}</div>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('trend.title')} fontSize="10" fontFamily="inherit">
        {bands}
        <rect x={M.left} y={M.top} width={W - M.left - M.right} height={H - M.top - M.bottom} fill="none" stroke="#c9d3dc" />
        {ys.ticks(5).map((v) => (
          <g key={`y${v}`}>
            <line x1={M.left} x2={W - M.right} y1={y(v)} y2={y(v)} stroke="#000" strokeOpacity="0.07" />
            <text x={M.left - 4} y={y(v) + 3} textAnchor="end" fill="#5d6b79">{fmt.number(v)}</text>
          </g>
        ))}
        {xs.ticks(5).map((d) => (
          <text key={`x${+d}`} x={x(d)} y={H - 6} textAnchor="middle" fill="#5d6b79">{fmt.date(+d)}</text>
        ))}
        {series.map((s, i) => {
          const c = COLOURS[i % COLOURS.length];
          const e = estimates[i];
          return (
            <g key={i}>
              <path d={path(s.points) ?? ''} fill="none" stroke={c} strokeWidth="2" />
              {s.points.map((pt, j) => <circle key={j} cx={x(pt.date)} cy={y(pt.value)} r="3" fill={c} />)}
              {e.kind === 'estimate' ? (
                <>
                  <path d={path([e.from, { date: e.date, value: e.limit }]) ?? ''} fill="none" stroke={c} strokeWidth="1.5" strokeDasharray="5 4" />
                  <circle cx={x(e.date)} cy={y(e.limit)} r="4" fill="#fff" stroke="#c62828" strokeWidth="2" />
                </>
              ) : null}
            </g>
          );
        })}
      </svg>
      <div className="legend">
        {series.map((s, i) => <span key={i}><i style={{ background: COLOURS[i % COLOURS.length] }} />{s.name}</span>)}
        {estimates.some((e) => e.kind === 'estimate') ? <span><i style={{ borderTop: '2px dashed #5d6b79', height: 0 }} />{t('trend.estimateLine')}</span> : null}
      </div>
      {type !== 'Off' ? <Estimates names={series.map((s) => s.name)} estimates={estimates} text={estimateText} /> : null}
    </div>
  );
}

/** One line per series; said once when every series says the same (e.g. too few values everywhere). */
function Estimates({ names, estimates, text }: { names: string[]; estimates: LifeEstimate[]; text: (e: LifeEstimate) => string | null }) {
  const texts = estimates.map(text);
  if (texts.every((x) => x === texts[0])) return <div className="estimate" data-estimate={estimates[0].kind}>{texts[0]}</div>;
  return (
    <>
      {estimates.map((e, i) => (
        <div key={i} className="estimate" data-estimate={e.kind}>
          <b>{names[i]}: </b>
          {texts[i]}
        </div>
      ))}
    </>
  );
}
