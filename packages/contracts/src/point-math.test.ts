import { describe, expect, it } from 'vitest';
import { aggregate, cellKey, computeTable, isNumericString, limitState, parseNumeric, round2 } from './point-math.js';

describe('numeric strings (spec 000 §5)', () => {
  it('accepts an optional sign, digits with a decimal point or comma, and an exponent', () => {
    for (const s of ['12', '-3', '+4', '12.5', '12,5', '0.5', '.5', ',5', '12.', '1e3', '1.5E-2', '-2,5e+1', ' 7 ']) {
      expect(isNumericString(s), s).toBe(true);
    }
  });
  it('refuses everything else', () => {
    for (const s of ['', ' ', 'abc', '1.2.3', '1,2,3', '12 mm', '--1', 'e5', '1e', '1,000.5', '0x10', 'Infinity', 'NaN', null, undefined]) {
      expect(isNumericString(s as string), String(s)).toBe(false);
    }
  });
  it('reads a comma as a decimal point', () => {
    expect(parseNumeric('12,5')).toBe(12.5);
    expect(parseNumeric('-2,5e+1')).toBe(-25);
    expect(parseNumeric('abc')).toBeNull();
    expect(parseNumeric('')).toBeNull();
  });
});

describe('aggregates (spec 000 §2.6: to 2 decimals)', () => {
  it('computes Average, Sum, Min, Max and Diff (largest minus smallest)', () => {
    const v = [10, 12.345, 7.5];
    expect(aggregate('Average', v)).toBe(9.95);
    expect(aggregate('Sum', v)).toBe(29.85);
    expect(aggregate('Min', v)).toBe(7.5);
    expect(aggregate('Max', v)).toBe(12.35);
    expect(aggregate('Diff', v)).toBe(4.85);
  });
  it('has nothing to say without numbers or without an aggregation', () => {
    expect(aggregate('Average', [])).toBeNull();
    expect(aggregate('No', [1, 2])).toBeNull();
  });
  it('rounds halves away from zero', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(-2.345)).toBe(-2.35);
    expect(round2(2.344)).toBe(2.34);
  });
});

describe('computeTable', () => {
  const table = {
    fields: [
      { id: 'l', aggregation: 'No' as const },
      { id: 'r', aggregation: 'No' as const },
      { id: 'avg', aggregation: 'Average' as const },
    ],
    rows: [
      { id: 'a', aggregation: 'No' as const },
      { id: 'b', aggregation: 'No' as const },
      { id: 'sum', aggregation: 'Sum' as const },
    ],
    values: [
      { rowId: 'a', fieldId: 'l', value: '10' },
      { rowId: 'a', fieldId: 'r', value: '11,5' },
      { rowId: 'a', fieldId: 'avg', value: '999' },
      { rowId: 'b', fieldId: 'l', value: 'n/a' },
      { rowId: 'b', fieldId: 'r', value: '4' },
    ],
  };
  const cells = computeTable(table);
  it('recomputes aggregated columns from the numeric cells of each row, ignoring stored values and non-numbers', () => {
    expect(cells.get(cellKey('a', 'avg'))).toBe(10.75);
    expect(cells.get(cellKey('b', 'avg'))).toBe(4);
    expect(cells.get(cellKey('b', 'l'))).toBeNull();
  });
  it('aggregates rows column by column, the corner over the computed column', () => {
    expect(cells.get(cellKey('sum', 'l'))).toBe(10);
    expect(cells.get(cellKey('sum', 'r'))).toBe(15.5);
    expect(cells.get(cellKey('sum', 'avg'))).toBe(14.75);
  });
});

describe('limitState', () => {
  const limits = { criticalLow: 10, low: 20, high: 60, criticalHigh: 80 };
  it('says which limit a value is past, critical first', () => {
    expect(limitState(5, limits)).toBe('criticalLow');
    expect(limitState(15, limits)).toBe('low');
    expect(limitState(20, limits)).toBe('ok');
    expect(limitState(60, limits)).toBe('ok');
    expect(limitState(70, limits)).toBe('high');
    expect(limitState(90, limits)).toBe('criticalHigh');
  });
  it('ignores empty limits and missing values', () => {
    expect(limitState(90, { ...limits, criticalHigh: null })).toBe('high');
    expect(limitState(null, limits)).toBeNull();
    expect(limitState(5, null)).toBeNull();
  });
});
