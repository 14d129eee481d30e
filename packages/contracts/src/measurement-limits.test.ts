import { describe, expect, it } from 'vitest';
import { ZInspectionPointWrite, ZMeasurementLimit, ZMeasurementLimitFields } from './inspection-points.js';
import { ZMeasurementLimitsSave } from './point-authoring.js';

const FAMILY = '00000000-0000-4000-8000-000000000001';
const POINT = '00000000-0000-4000-8000-000000000002';
const CATEGORY = '00000000-0000-4000-8000-000000000003';
const issuesOf = (input: unknown) => {
  const r = ZMeasurementLimit.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('measurement limits in order (issue 19: critical low ≤ low ≤ high ≤ critical high)', () => {
  it('refuses each pair out of order, naming the lower field and the one it is above', () => {
    const cases: [Record<string, number>, string, string][] = [
      [{ criticalLow: 5, low: 4 }, 'criticalLow', 'must not be above low'],
      [{ criticalLow: 5, high: 4 }, 'criticalLow', 'must not be above high'],
      [{ criticalLow: 5, criticalHigh: 4 }, 'criticalLow', 'must not be above critical high'],
      [{ low: 5, high: 4 }, 'low', 'must not be above high'],
      [{ low: 5, criticalHigh: 4 }, 'low', 'must not be above critical high'],
      [{ high: 5, criticalHigh: 4 }, 'high', 'must not be above critical high'],
    ];
    for (const [limits, field, message] of cases) {
      expect(issuesOf({ productFamilyId: FAMILY, ...limits }), JSON.stringify(limits)).toEqual([{ path: field, message }]);
    }
  });

  it('orders only the thresholds that are set: a null between two set ones orders nothing', () => {
    expect(issuesOf({ criticalLow: 3, low: null, high: 2, criticalHigh: null })).toEqual([{ path: 'criticalLow', message: 'must not be above high' }]);
  });

  it('names every threshold above a later one, each once', () => {
    expect(issuesOf({ criticalLow: 4, low: 3, high: 2, criticalHigh: 1 }).map((i) => i.path)).toEqual(['criticalLow', 'low', 'high']);
  });

  it('accepts equal values, nulls, missing thresholds and negative ranges', () => {
    for (const limits of [
      { criticalLow: 1, low: 1, high: 1, criticalHigh: 1 },
      { criticalLow: null, low: null, high: null, criticalHigh: null },
      {},
      { low: 5 },
      { criticalLow: -10, low: 0, high: 80.5, criticalHigh: 95 },
      { criticalLow: -3, criticalHigh: -3 },
      { low: -5, high: null, criticalHigh: -1 },
    ]) {
      expect(issuesOf({ productFamilyId: FAMILY, ...limits }), JSON.stringify(limits)).toEqual([]);
    }
  });

  it('holds in the point write and the measurement limits calls with the path of the item', () => {
    const point = ZInspectionPointWrite.safeParse({
      type: 'Measurement', name: 'Oil', productCategoryId: CATEGORY,
      measurementLimits: [{ productFamilyId: FAMILY, low: 1, high: 2 }, { productFamilyId: FAMILY, low: 3, high: 2 }],
    });
    expect(point.success).toBe(false);
    expect(point.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['measurementLimits.1.low', 'must not be above high']]);
    const save = ZMeasurementLimitsSave.safeParse([{ inspectionPointId: POINT, productFamilyId: FAMILY, high: 9, criticalHigh: 8 }]);
    expect(save.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['0.high', 'must not be above critical high']]);
  });

  it('reads stored rows whatever their order (the read side has no rule, so an old row never fails an answer)', () => {
    expect(ZMeasurementLimitFields.safeParse({ low: 5, high: 1 }).success).toBe(true);
  });
});
