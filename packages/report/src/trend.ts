import type { LifeEstimateType, TReportLimits } from '@insp/contracts';

/**
 * Life estimate of a measured point (001 §3 lifeEstimateType): a straight line fitted by least squares through
 * the latest values, extended to the critical limit (Min: critical low, Max: critical high), answers the date
 * the limit will be crossed. Pure arithmetic; the chart and the texts are the views' business.
 */

/** Fewer values than this make no trend: two points always fit a line exactly, so they predict nothing. */
export const MIN_TREND_POINTS = 3;
/** The fit uses at most this many latest values, so an old machine's early history does not hide today's wear rate. */
export const FIT_WINDOW = 6;
/** Beyond this the estimate says nothing useful: the line is practically flat. */
const HORIZON_MS = 50 * 365.25 * 86_400_000;
const DAY = 86_400_000;

export interface TrendPoint {
  date: number;
  value: number;
}

/** Least-squares line value = intercept + slope · (date − origin), slope per day; null without two distinct dates. */
export function leastSquares(points: readonly TrendPoint[]): { origin: number; slope: number; intercept: number } | null {
  if (points.length < 2) return null;
  const origin = points[0].date;
  const xs = points.map((p) => (p.date - origin) / DAY);
  const n = points.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = points.reduce((a, p) => a + p.value, 0) / n;
  let sxx = 0;
  let sxy = 0;
  xs.forEach((x, i) => {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (points[i].value - my);
  });
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  return { origin, slope, intercept: my - slope * mx };
}

export type LifeEstimate =
  | { kind: 'off' }
  | { kind: 'noLimit' }
  | { kind: 'tooFew'; needed: number }
  | { kind: 'crossed'; limit: number }
  | { kind: 'notApproaching'; limit: number }
  /** `from` is the fitted value at the latest measurement; the chart draws the dashed line from there. */
  | { kind: 'estimate'; limit: number; date: number; from: TrendPoint };

/** The estimate for one series (dated values, any order). */
export function lifeEstimate(points: readonly TrendPoint[], type: LifeEstimateType, limits: TReportLimits | null): LifeEstimate {
  if (type === 'Off') return { kind: 'off' };
  const limit = type === 'Min' ? limits?.criticalLow : limits?.criticalHigh;
  if (limit == null) return { kind: 'noLimit' };
  const sorted = [...points].sort((a, b) => a.date - b.date);
  const last = sorted[sorted.length - 1];
  if (last && (type === 'Min' ? last.value < limit : last.value > limit)) return { kind: 'crossed', limit };
  const window = sorted.slice(-FIT_WINDOW);
  const fit = window.length >= MIN_TREND_POINTS ? leastSquares(window) : null;
  if (!fit) return { kind: 'tooFew', needed: MIN_TREND_POINTS };
  const towards = type === 'Min' ? fit.slope < 0 : fit.slope > 0;
  if (!towards) return { kind: 'notApproaching', limit };
  const days = (limit - fit.intercept) / fit.slope;
  const fitted = fit.intercept + fit.slope * ((last.date - fit.origin) / DAY);
  // The fitted line may already be past the limit while the last measurement is not: the crossing is due now.
  const date = Math.max(last.date, Math.round(fit.origin + days * DAY));
  if (date - last.date > HORIZON_MS) return { kind: 'notApproaching', limit };
  return { kind: 'estimate', limit, date, from: { date: last.date, value: fitted } };
}
