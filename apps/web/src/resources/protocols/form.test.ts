import { describe, expect, it } from 'vitest';
import {
  addCategory, addGroup, addPhase, addPoint, addSubcategory, automaticName, canDeleteCategory, deleteCategory, emptyForm,
  formFromProtocol, lostPoints, moveCategory, pointsOfOtherTypes, removePhase, repeatedTargets, saveProblems, setType, tempKey, toPayload, toUpdatePayload,
  type ProtocolForm,
} from './form';
import { PR } from './texts';

const FAM = '00000000-0000-4000-8000-000000000001';
const point = (n: number) => ({ id: `00000000-0000-4000-8000-00000000010${n}`, name: `Point ${n}`, type: 'Comment' });
const target = (productFamilyId = FAM) => ({ key: tempKey(), productFamilyId, productModelId: null, equipmentId: null });
const ready = (over: Partial<ProtocolForm> = {}): ProtocolForm => ({ ...addCategory(emptyForm(), 'Engine'), name: 'Daily', type: 'Daily', targets: [target()], ...over });

describe('protocol create form rules (001 §4, §5)', () => {
  it('starts with the spec defaults: rating table at the start, current loaded hours shown', () => {
    expect(emptyForm()).toMatchObject({ ratingTableLocation: 'Start', showCurrentLoadedHours: true, phasesOn: false, infoAppendix: false });
  });

  it('may save a named, typed protocol with a family target and a titled category', () => {
    expect(saveProblems(ready(), 'Daily')).toEqual([]);
  });

  it('may not save without a name, a type, a category, or with an empty category or subcategory title', () => {
    expect(saveProblems(ready(), ' ')).toContain('Name is required.');
    expect(saveProblems(ready({ type: '', targets: [] }), 'x')).toContain('Choose an inspection type.');
    expect(saveProblems(ready({ categories: [] }), 'x')).toContain('Insert at least one category.');
    const untitled = ready();
    untitled.categories[0]!.title = ' ';
    expect(saveProblems(untitled, 'x')).toContain('Every category and subcategory needs a title.');
    const commission = addSubcategory({ ...ready(), type: 'Commission' }, '');
    expect(saveProblems(commission, 'x')).toContain('Every category and subcategory needs a title.');
  });

  it('needs a family target for the daily-to-commissioning types, none for site audits, and a family in every target', () => {
    for (const type of ['Daily', 'Weekly', 'Monthly', 'Quarterly', 'Mid_Year', 'Annual', 'Machine_assessment', 'Closed', 'Commissioning']) {
      expect(saveProblems(ready({ type, targets: [] }), 'x')).toContain('Add at least one product family target.');
    }
    expect(saveProblems(ready({ type: 'Commission', targets: [] }), 'x')).toEqual([]);
    expect(saveProblems(ready({ type: 'Equipment_Configurator', targets: [] }), 'x')).toEqual([]);
    expect(saveProblems(ready({ type: 'Audit_Site', targets: [target()] }), 'x')).toContain('This type has no targets.');
    expect(saveProblems(ready({ targets: [target('')] }), 'x')).toContain('Every target needs a product family.');
  });

  it('may not save a target repeating an earlier one (same family and model, or same equipment), naming it; other targets of a family may', () => {
    const model = (equipmentId: string | null = null) => ({ ...target(), productModelId: 'JC80', equipmentId });
    const names = ['Jaw', 'JC80', 'JC80'];
    expect(saveProblems(ready({ targets: [target(), model(), model()] }), 'x', (i) => names[i]!)).toEqual([
      'Target 3 repeats target 2 (JC80): choose another model or equipment, or remove it.',
    ]);
    expect(saveProblems(ready({ targets: [target(), target()] }), 'x')).toEqual([PR.repeatedTarget(2, 1, '')]);
    expect(repeatedTargets(ready({ targets: [model('E1'), model(), model('E1'), model('E2')] }))).toEqual([{ index: 2, of: 0 }]);
    expect(saveProblems(ready({ targets: [target(), model(), model('E1'), model('E2'), target('00000000-0000-4000-8000-000000000009')] }), 'x')).toEqual([]);
    // a target still without its family has its own problem, not a repeat
    expect(saveProblems(ready({ targets: [target(''), target('')] }), 'x')).toEqual(['Every target needs a product family.']);
  });

  it('clears the targets when an ignoring type (or none) is chosen, and turns the info appendix off for none, Equipment_Configurator, Closed and audits', () => {
    for (const type of ['Audit_Site', 'Audit_Site_Operational', 'Audit_Extra_Points', '']) {
      expect(setType(ready({ infoAppendix: true }), type).targets).toEqual([]);
    }
    expect(setType(ready(), 'Commission').targets).toHaveLength(1);
    for (const type of ['', 'Equipment_Configurator', 'Closed', 'Audit_Machine', 'Audit_Site']) {
      expect(setType(ready({ infoAppendix: true }), type).infoAppendix).toBe(false);
    }
    expect(setType(ready({ infoAppendix: true }), 'Annual').infoAppendix).toBe(true);
  });

  it('drops subcategories when the type leaves Commission (they are Commission only)', () => {
    let f = addSubcategory({ ...ready(), type: 'Commission' }, 'Before start');
    f = addPoint(f, point(1));
    expect(f.categories[0]!.points[0]!.subcategoryTitleIndex).toBe(0);
    f = setType(f, 'Annual');
    expect(f.categories[0]!.subcategories).toEqual([]);
    expect(f.categories[0]!.points[0]!.subcategoryTitleIndex).toBeNull();
  });

  it('refuses to delete the first category or one with points', () => {
    let f = addCategory(addCategory(ready(), 'Tracks'), 'Cab');
    f = addPoint({ ...f, selected: 1 }, point(1));
    expect(canDeleteCategory(f, 0)).toBe(false);
    expect(canDeleteCategory(f, 1)).toBe(false);
    expect(canDeleteCategory(f, 2)).toBe(true);
    expect(deleteCategory(f, 0)).toBe(f);
    expect(deleteCategory(f, 1)).toBe(f);
    expect(deleteCategory(f, 2).categories.map((c) => c.title)).toEqual(['Engine', 'Tracks']);
  });

  it('swaps the two indices inside category groups when a category moves', () => {
    let f = addCategory(addCategory(ready(), 'Tracks'), 'Cab');
    f = addGroup(f, 'Walk-around', 0);
    f = { ...f, groups: [{ ...f.groups[0]!, categoryIndices: [0, 2, -1] }] };
    const moved = moveCategory(f, 0, 1);
    expect(moved.categories.map((c) => c.title)).toEqual(['Tracks', 'Engine', 'Cab']);
    expect(moved.groups[0]!.categoryIndices).toEqual([1, 2, -1]);
    expect(moveCategory(moved, 2, -1).groups[0]!.categoryIndices).toEqual([2, 1, -1]);
  });

  it('adds a category group only with a category chosen (-1 is no category)', () => {
    expect(addGroup(ready(), 'G', null).groups).toEqual([]);
    expect(addGroup(ready(), 'G', -1).groups[0]!.categoryIndices).toEqual([-1]);
  });

  it('names automatically as "{type} for {sorted families/models}"', () => {
    expect(automaticName('Mid year', ['LT106', 'C120', 'LT106'])).toBe('Mid year for C120, LT106');
    expect(automaticName('Commission', [])).toBe('Commission');
  });

  it('gives added phases the next order, and with phases on asks for a phase on every point', () => {
    let f = addPoint(ready({ phasesOn: true }), point(1));
    f = addPhase(addPhase(f, { id: 'a', name: 'Before' }), { id: 'b', name: 'Running' });
    expect(f.phases.map((p) => p.order)).toEqual([1, 2]);
    expect(saveProblems(f, 'x')).toContain(PR.phaseMissing);
    expect(PR.phaseMissing).toBe('you need to choose phase for every point before you can create a protocol');
    f = { ...f, categories: [{ ...f.categories[0]!, points: [{ ...f.categories[0]!.points[0]!, phaseId: 'b' }] }] };
    expect(saveProblems(f, 'x')).toEqual([]);
    expect(removePhase(f, 'b').categories[0]!.points[0]!.phaseId).toBeNull();
    expect(addPhase(removePhase(f, 'a'), { id: 'c', name: 'After' }).phases.map((p) => p.order)).toEqual([2, 3]);
  });

  it('sends categories indexed by position, points with their options, phases only when on, and a ticks date', () => {
    let f = addPoint(ready(), point(1));
    f = addPhase(f, { id: 'a', name: 'Before' });
    const body = toPayload(f, ' Daily ', Date.UTC(2026, 0, 1));
    expect(body).toMatchObject({
      name: 'Daily', type: 'Daily', phasesOn: false, phases: [], ratingTableLocation: 'Start', showCurrentLoadedHours: true,
      categories: [{ index: 0, title: { id: null, text: 'Engine' }, inspectionPoints: [{ inspectionPointId: point(1).id, index: 0, showInReport: true, optional: false }] }],
    });
    expect(body.date).toBe(Date.UTC(2026, 0, 1) * 10_000 + 621_355_968_000_000_000);
  });

  it('an Equipment configurator takes only Measurement points: others chosen before the type are kept and named, new ones not added', () => {
    const measure = { ...point(2), type: 'Measurement' };
    let f = addPoint(addPoint(ready(), point(1)), measure);
    f = setType(f, 'Equipment_Configurator');
    expect(pointsOfOtherTypes(f).map((p) => p.name)).toEqual(['Point 1']);
    expect(saveProblems(f, 'x')).toContain('An Equipment configurator protocol takes only Measurement points: remove Point 1.');
    expect(addPoint(f, point(3)).categories[0]!.points).toHaveLength(2);
    expect(addPoint(f, { ...point(4), type: 'MeasurementsWithPicture' }).categories[0]!.points).toHaveLength(2);
    expect(addPoint(f, { ...point(5), type: 'Measurement' }).categories[0]!.points).toHaveLength(3);
    expect(pointsOfOtherTypes(setType(f, 'Daily'))).toEqual([]);
  });
});

describe('the edit form of a saved protocol (issue 19)', () => {
  const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const pp = (n: number, over: Record<string, unknown> = {}) => ({
    id: id(800 + n), protocolPointId: id(800 + n), inspectionPointId: id(900 + n), pointFound: true, index: n, name: `P${n}`, nameOverride: null, pointName: `P${n}`,
    type: 'Comment', phaseId: null, phaseName: null, measurementTitle: null, unit: null, prefill: null, sampleIdIndex: null, showValueInReportHeader: false,
    showInReport: true, optional: false, subcategoryTitleIndex: null, dependencies: [], ...over,
  });
  const saved = {
    id: id(1), protocolId: id(1), name: 'Daily', type: 'Daily', typeName: 'Daily', date: 1_700_000_000_000, summary: 's', index: 2, created: 0, createdBy: null,
    targets: [{ id: id(2), productFamilyId: FAM, productFamilyName: 'Jaw', productModelId: null, productModelName: null, equipmentId: null, equipmentSerial: null }],
    products: ['Jaw'], categoryGroups: [{ id: id(3), name: 'G', categoryIndices: [5, -1] }], phasesOn: true, phases: [{ id: id(4), phaseId: id(4), name: 'Run', order: 1 }],
    infoAppendix: true, ratingTableLocation: 'End', showCurrentLoadedHours: false, automaticName: false, copyOfProtocolId: null, draft: false, updated: 42, version: 1,
    rootProtocolId: id(1), previousVersionId: null, supersededAt: null, versions: [],
    categories: [
      { id: id(10), index: 5, title: { id: null, text: 'Engine' }, itemCount: 2, subcategoryTitles: [], inspectionPoints: [
        pp(0, { nameOverride: 'Here', name: 'Here', phaseId: id(4), prefill: { a: 1 }, showValueInReportHeader: true, dependencies: [{ id: id(20), json: { b: 2 } }] }),
        pp(1, { inspectionPointId: null, pointFound: false, name: null, pointName: null }),
      ] },
    ],
  } as Parameters<typeof formFromProtocol>[0];

  it("sends back what it read: each kept point with its protocol point id, name here, prefill and dependencies; groups follow the categories' places", () => {
    const form = formFromProtocol(saved);
    expect(form.categories[0]!.points.map((p) => [p.name, p.nameOverride])).toEqual([['P0', 'Here']]);
    expect(lostPoints(saved)).toBe(1);
    const body = toUpdatePayload(form, 'Daily', saved);
    expect(body).toMatchObject({ name: 'Daily', type: 'Daily', date: 1_700_000_000_000, summary: 's', index: 2, ifUnchangedSince: 42, phasesOn: true, infoAppendix: true, ratingTableLocation: 'End', showCurrentLoadedHours: false });
    expect(body.categoryGroups).toEqual([{ name: 'G', categoryIndices: [0, -1] }]);
    expect(body.categories![0]!.inspectionPoints).toEqual([{
      protocolPointId: id(800), inspectionPointId: id(900), index: 0, name: 'Here', phaseId: id(4), sampleIdIndex: null, prefill: { a: 1 },
      dependencies: [{ json: { b: 2 } }], showValueInReportHeader: true, showInReport: true, optional: false, subcategoryTitleIndex: null,
    }]);
  });
});
