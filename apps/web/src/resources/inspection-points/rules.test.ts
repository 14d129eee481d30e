import { describe, expect, it } from 'vitest';
import {
  canSave, defaultForm, flagEnabled, limitOrderMessages, limitsValid, parseLimit, removedItems, setAggregationDirection, setFlag, setProducts,
  setRestriction, tableProblems, toggleDocument,
} from './rules';
import { nextIndex } from './typeEditor';

const F1 = '00000000-0000-4000-8000-000000000001';
const F2 = '00000000-0000-4000-8000-000000000002';
const M1 = '00000000-0000-4000-8000-0000000000a1';
const M2 = '00000000-0000-4000-8000-0000000000a2';
const CAT = '00000000-0000-4000-8000-0000000000c1';

describe('point form rules (001 §4, §5)', () => {
  it('starts with the defaults of §5: comment, internal comment, voice present; rating required; photo only for failure', () => {
    const f = defaultForm('Comment');
    expect(f.commentField).toEqual({ present: true });
    expect(f.internalCommentField).toEqual({ present: true });
    expect(f.voiceCommentField).toEqual({ present: true });
    expect(f.ratingField).toEqual({ present: true, required: true });
    expect(f.photoField).toEqual({ present: true, required: false, onlyForFailure: true });
    expect(f.validationConsequence).toBe('NoAction');
    expect(f.metas).toEqual([{ type: 'PointType', value: 'general' }]);
  });

  it('saves only with a name and a product category, then by the type rule', () => {
    const f = defaultForm('Comment');
    expect(canSave(f)).toBe(false);
    expect(canSave({ ...f, name: '  ' , productCategoryId: CAT })).toBe(false);
    expect(canSave({ ...f, name: 'Belt', productCategoryId: '' })).toBe(false);
    expect(canSave({ ...f, name: 'Belt', productCategoryId: CAT })).toBe(true);
    expect(canSave({ ...f, name: 'Belt', productCategoryId: CAT }, () => false)).toBe(false);
  });

  it("enables 'Required' and 'Only for failure' only while the field is present, and clears them when it goes", () => {
    const f = defaultForm('Comment');
    expect(flagEnabled(f, 'photoField', 'onlyForFailure')).toBe(true);
    const off = { ...f, ...setFlag(f, 'photoField', 'present', false) };
    expect(off.photoField).toEqual({ present: false, required: false, onlyForFailure: false });
    expect(flagEnabled(off, 'photoField', 'required')).toBe(false);
    expect(flagEnabled(off, 'photoField', 'onlyForFailure')).toBe(false);
    expect(flagEnabled(off, 'photoField', 'present')).toBe(true);
    const rating = { ...f, ...setFlag(f, 'ratingField', 'present', false) };
    expect(rating.ratingField).toEqual({ present: false, required: false });
  });

  it("clears the restriction flag when 'Any' inspection type or use case is chosen", () => {
    const typed = setRestriction([], 'ProtocolType', ['Daily', 'Weekly']);
    expect(typed).toEqual([
      { type: 'ProtocolType', value: 'Daily' }, { type: 'ProtocolType', value: 'Weekly' }, { type: 'ProtocolTypesDefined', value: 'true' },
    ]);
    expect(setRestriction(typed, 'ProtocolType', [])).toEqual([{ type: 'ProtocolTypesDefined', value: 'false' }]);
    const uc = setRestriction(typed, 'UseCaseType', []);
    expect(uc).toContainEqual({ type: 'UseCaseTypesDefined', value: 'false' });
    expect(uc.filter((m) => m.type === 'ProtocolType')).toHaveLength(2);
  });

  it('removing a family removes its models and their equipment; unchecking a model removes its equipment', () => {
    const models = [{ id: M1, productFamilyId: F1 }, { id: M2, productFamilyId: F2 }];
    const eq = new Map([['e1', M1], ['e2', M2]]);
    const start = [
      { type: 'ProductFamily', value: F1 }, { type: 'ProductFamily', value: F2 },
      { type: 'ProductModel', value: M1 }, { type: 'ProductModel', value: M2 },
      { type: 'Equipment', value: 'e1' }, { type: 'Equipment', value: 'e2' }, { type: 'PointType', value: 'general' },
    ];
    const noF2 = setProducts(start, [F1], [M1, M2], models, eq);
    expect(noF2.filter((m) => m.type !== 'PointType').map((m) => m.value)).toEqual([F1, M1, 'e1']);
    expect(noF2).toContainEqual({ type: 'PointType', value: 'general' });
    const noM1 = setProducts(start, [F1, F2], [M2], models, eq);
    expect(noM1.filter((m) => m.type === 'Equipment').map((m) => m.value)).toEqual(['e2']);
  });

  it('aggregation direction No clears every aggregation, Column clears fields, Row clears rows', () => {
    const f = {
      ...defaultForm('SummaryWithRows'),
      fields: [{ id: 'temp-id-f', title: 'A', inspectionPointFieldAggregation: 'Sum' as const }],
      rows: [{ id: 'temp-id-r', title: 'R', inspectionPointRowAggregation: 'Average' as const }],
      inspectionPointAggregationDirection: 'Both' as const,
    };
    const no = setAggregationDirection(f, 'No');
    expect([no.fields![0]!.inspectionPointFieldAggregation, no.rows![0]!.inspectionPointRowAggregation]).toEqual(['No', 'No']);
    const col = setAggregationDirection(f, 'Column');
    expect([col.fields![0]!.inspectionPointFieldAggregation, col.rows![0]!.inspectionPointRowAggregation]).toEqual(['No', 'Average']);
    const row = setAggregationDirection(f, 'Row');
    expect([row.fields![0]!.inspectionPointFieldAggregation, row.rows![0]!.inspectionPointRowAggregation]).toEqual(['Sum', 'No']);
    expect(setAggregationDirection(f, 'Both').fields![0]!.inspectionPointFieldAggregation).toBe('Sum');
  });

  it('names the table problems: empty field titles and more than one aggregated field or row', () => {
    const f = { ...defaultForm('SummaryWithRows'), fields: [{ title: '' }, { title: 'B', inspectionPointFieldAggregation: 'Sum' as const }, { title: 'C', inspectionPointFieldAggregation: 'Max' as const }] };
    expect(tableProblems(f)).toEqual(['Every field needs a title.', 'At most one field can have an aggregation.']);
  });

  it('reads a limit text: empty is no limit, a number is a number, anything else is not a number', () => {
    expect(parseLimit('')).toBeNull();
    expect(parseLimit(' 12.5 ')).toBe(12.5);
    expect(parseLimit('-3')).toBe(-3);
    expect(parseLimit('1,5')).toBe(1.5);
    expect(parseLimit('1e3')).toBe(1000);
    expect(parseLimit('12a')).toBeNaN();
    expect(parseLimit('abc')).toBeNaN();
    expect(parseLimit('1.2.3')).toBeNaN();
    const f = defaultForm('Measurement');
    expect(limitsValid({ ...f, measurementLimits: [{ low: 1, high: null }] })).toBe(true);
    expect(limitsValid({ ...f, measurementLimits: [{ low: Number.NaN }] })).toBe(false);
  });

  it('names the threshold out of order with the server schema message, and blocks the save (issue 19)', () => {
    expect(limitOrderMessages({ criticalLow: 1, low: 2, high: 2, criticalHigh: null })).toEqual({});
    expect(limitOrderMessages({ low: 5, high: 3, criticalHigh: 4 })).toEqual({ low: 'must not be above high' });
    expect(limitOrderMessages({ low: Number.NaN, high: 3 })).toEqual({});
    const f = defaultForm('Measurement');
    expect(limitsValid({ ...f, measurementLimits: [{ low: 1, high: 1 }] })).toBe(true);
    expect(limitsValid({ ...f, measurementLimits: [{ low: 1, high: 2 }, { high: 3, criticalHigh: 2 }] })).toBe(false);
  });

  it('a removed document undoes an earlier add, a second removal undoes the first', () => {
    const f = defaultForm('Comment');
    const added = { ...f, ...toggleDocument(f, 'd1', false) };
    expect(added.addedDocumentIds).toEqual(['d1']);
    expect(toggleDocument(added, 'd1', false)).toEqual({ addedDocumentIds: [] });
    const removed = { ...f, ...toggleDocument(f, 'd2', true) };
    expect(removed.removedDocumentIds).toEqual(['d2']);
    expect(toggleDocument(removed, 'd2', true)).toEqual({ removedDocumentIds: [] });
  });

  it('counts the saved items a save would remove, and gives a new item max index + 1', () => {
    const before = { ...defaultForm('SummaryWithRows'), fields: [{ id: F1, title: 'a' }, { id: F2, title: 'b' }], rows: [{ id: M1, title: 'r' }] };
    expect(removedItems(before, { ...before, fields: [{ id: F1, title: 'a' }, { id: 'temp-id-x', title: 'c' }] })).toBe(1);
    expect(removedItems(before, before)).toBe(0);
    expect(nextIndex([{ index: 0 }, { index: 4 }, { index: 2 }])).toBe(5);
    expect(nextIndex([])).toBe(0);
  });
});
