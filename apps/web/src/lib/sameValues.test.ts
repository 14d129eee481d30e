import { describe, expect, it } from 'vitest';
import { sameValues } from './sameValues';

describe('sameValues', () => {
  it('compares deeply, whatever the key order', () => {
    expect(sameValues({ a: 1, b: [{ c: 'x' }] }, { b: [{ c: 'x' }], a: 1 })).toBe(true);
    expect(sameValues({ a: 1, b: [{ c: 'x' }] }, { a: 1, b: [{ c: 'y' }] })).toBe(false);
    expect(sameValues([1, 2], [1, 2, 3])).toBe(false);
  });

  it('treats a key holding undefined as absent, and null as a value', () => {
    expect(sameValues({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValues({ a: null }, {})).toBe(false);
    expect(sameValues([], {})).toBe(false);
  });
});
