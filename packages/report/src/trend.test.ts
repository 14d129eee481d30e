import { describe, expect, it } from 'vitest';
import { FIT_WINDOW, MIN_TREND_POINTS, leastSquares, lifeEstimate } from './trend.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);
const at = (day: number, value: number) => ({ date: T0 + day * DAY, value });
const limits = { criticalLow: 10, low: 15, high: 40, criticalHigh: 50 };

describe('leastSquares', () => {
  it('fits the exact line through collinear points (slope per day)', () => {
    const fit = leastSquares([at(0, 30), at(10, 28), at(20, 26)])!;
    expect(fit.slope).toBeCloseTo(-0.2, 10);
    expect(fit.intercept).toBeCloseTo(30, 10);
  });
  it('fits the least-squares line through scattered points', () => {
    // x = 0, 1, 2, 3; y = 1, 3, 2, 4 → slope 0.8, intercept 1.3
    const fit = leastSquares([at(0, 1), at(1, 3), at(2, 2), at(3, 4)])!;
    expect(fit.slope).toBeCloseTo(0.8, 10);
    expect(fit.intercept).toBeCloseTo(1.3, 10);
  });
  it('has no line without two distinct dates', () => {
    expect(leastSquares([at(0, 1)])).toBeNull();
    expect(leastSquares([at(5, 1), at(5, 2), at(5, 3)])).toBeNull();
  });
});

describe('lifeEstimate', () => {
  it('extends a falling trend to the critical low limit (Min) and answers that date', () => {
    // 30 → 26 in 20 days: -0.2 per day; 10 is reached 100 days after day 0.
    const e = lifeEstimate([at(0, 30), at(10, 28), at(20, 26)], 'Min', limits);
    expect(e).toEqual({ kind: 'estimate', limit: 10, date: T0 + 100 * DAY, from: { date: T0 + 20 * DAY, value: 26 } });
  });
  it('extends a rising trend to the critical high limit (Max)', () => {
    const e = lifeEstimate([at(0, 20), at(30, 26), at(60, 32)], 'Max', limits);
    expect(e).toMatchObject({ kind: 'estimate', limit: 50, date: T0 + 150 * DAY });
  });
  it(`says "no trend" below ${MIN_TREND_POINTS} values`, () => {
    expect(MIN_TREND_POINTS).toBe(3);
    expect(lifeEstimate([at(0, 30), at(10, 28)], 'Min', limits)).toEqual({ kind: 'tooFew', needed: 3 });
    expect(lifeEstimate([], 'Min', limits)).toEqual({ kind: 'tooFew', needed: 3 });
  });
  it('fits only the latest values', () => {
    // An old steep fall, then a slow fall over the latest FIT_WINDOW values: -0.1 per day from 25 at day 100.
    const old = [at(0, 80), at(10, 60), at(20, 40)];
    const recent = Array.from({ length: FIT_WINDOW }, (_, i) => at(100 + i * 10, 25 - i));
    const e = lifeEstimate([...old, ...recent], 'Min', limits);
    expect(e).toMatchObject({ kind: 'estimate', date: T0 + 250 * DAY });
  });
  it('sorts the values by date first', () => {
    const e = lifeEstimate([at(20, 26), at(0, 30), at(10, 28)], 'Min', limits);
    expect(e).toMatchObject({ kind: 'estimate', date: T0 + 100 * DAY });
  });
  it('says the limit is crossed when the latest value is past it', () => {
    expect(lifeEstimate([at(0, 30), at(10, 20), at(20, 9)], 'Min', limits)).toEqual({ kind: 'crossed', limit: 10 });
    expect(lifeEstimate([at(0, 51)], 'Max', limits)).toEqual({ kind: 'crossed', limit: 50 });
  });
  it('says a flat or receding trend does not approach the limit', () => {
    expect(lifeEstimate([at(0, 30), at(10, 31), at(20, 32)], 'Min', limits)).toEqual({ kind: 'notApproaching', limit: 10 });
    expect(lifeEstimate([at(0, 30), at(10, 30), at(20, 30)], 'Max', limits)).toEqual({ kind: 'notApproaching', limit: 50 });
    // Falling by a hair: the crossing would be centuries away.
    expect(lifeEstimate([at(0, 30), at(10, 29.9999), at(20, 29.9998)], 'Min', limits)).toMatchObject({ kind: 'notApproaching' });
  });
  it('needs the critical limit of its direction, and nothing when switched off', () => {
    expect(lifeEstimate([at(0, 30), at(10, 28), at(20, 26)], 'Min', { ...limits, criticalLow: null })).toEqual({ kind: 'noLimit' });
    expect(lifeEstimate([at(0, 30), at(10, 28), at(20, 26)], 'Min', null)).toEqual({ kind: 'noLimit' });
    expect(lifeEstimate([at(0, 30), at(10, 28), at(20, 26)], 'Off', limits)).toEqual({ kind: 'off' });
  });
  it('puts a crossing the fitted line already passed at the latest measurement', () => {
    // The fit runs below 10 by day 20 though the last value (10.5) is not past the limit yet.
    const e = lifeEstimate([at(0, 40), at(10, 12), at(20, 10.5)], 'Min', limits);
    expect(e).toMatchObject({ kind: 'estimate', date: T0 + 20 * DAY });
  });
});
