import { describe, expect, it } from 'vitest';
import { judgementLibraryOf, pickLibraryOf, readRecordedPicks, recordJudgement, recordPickTexts, type JudgementLibrary, type PickLibrary } from './recorded-picks.js';

const library = (over: Partial<PickLibrary> = {}): PickLibrary => ({
  rangeValues: [{ id: 'rv', title: 'Grease (kg)' }],
  followUps: [{ id: 'fu', title: 'Part number' }],
  multipleChoices: [{ id: 'mc', title: 'Guards', radio: false, options: [{ id: 'a', title: 'Present' }, { id: 'b', title: 'Missing' }] }],
  dropdowns: [{ id: 'dd', title: 'Supplier', multiselect: true, hideImages: false, options: [{ id: 'x', title: 'Original', imageId: 'img' }, { id: 'y', title: 'Third-party', imageId: null }] }],
  ...over,
});
const picks = (mc: string[] = ['b'], dd: string[] = ['y'], value = '2') => ({
  rangeValues: [{ rangeValueId: 'rv', value }, { rangeValueId: 'fu', value: 'PN' }],
  multipleChoices: [{ multipleChoiceId: 'mc', selectedOptionIds: mc }],
  dropdowns: [{ dropdownId: 'dd', selectedOptionIds: dd }],
});
const renamed = library({
  rangeValues: [{ id: 'rv', title: 'Grease (g)' }],
  multipleChoices: [{ id: 'mc', title: 'Covers', radio: false, options: [{ id: 'a', title: 'Here' }, { id: 'c', title: 'Bent' }] }],
  dropdowns: [{ id: 'dd', title: 'Vendor', multiselect: true, hideImages: true, options: [{ id: 'x', title: 'OEM', imageId: 'img' }] }],
});

describe('recordPickTexts', () => {
  it('records the texts of every pick as the library has them', () => {
    expect(recordPickTexts(picks(), library())).toEqual({
      rangeValues: [{ rangeValueId: 'rv', value: '2', title: 'Grease (kg)' }, { rangeValueId: 'fu', value: 'PN', title: 'Part number', followUp: true }],
      multipleChoices: [{ multipleChoiceId: 'mc', selectedOptionIds: ['b'], title: 'Guards', radio: false, options: [{ id: 'a', title: 'Present' }, { id: 'b', title: 'Missing' }] }],
      dropdowns: [{ dropdownId: 'dd', selectedOptionIds: ['y'], title: 'Supplier', multiselect: true, hideImages: false, selectedOptions: [{ id: 'y', title: 'Third-party', imageId: null }] }],
    });
  });

  it('keeps what an unchanged entry recorded, whatever the library became', () => {
    const first = recordPickTexts(picks(), library());
    expect(recordPickTexts(picks(), renamed, first)).toEqual(first);
    expect(recordPickTexts(picks(), library({ rangeValues: [], followUps: [], multipleChoices: [], dropdowns: [] }), first)).toEqual(first);
  });

  it("records a changed entry with the library's texts of now, a picked option the library lost with its recorded text", () => {
    const first = recordPickTexts(picks(), library());
    const next = recordPickTexts(picks(['b', 'c'], ['x', 'y'], '3'), renamed, first);
    expect(next.rangeValues[0]).toEqual({ rangeValueId: 'rv', value: '3', title: 'Grease (g)' });
    expect(next.multipleChoices[0]).toEqual({
      multipleChoiceId: 'mc', selectedOptionIds: ['b', 'c'], title: 'Covers', radio: false,
      options: [{ id: 'a', title: 'Here' }, { id: 'c', title: 'Bent' }, { id: 'b', title: 'Missing' }],
    });
    expect(next.dropdowns[0]).toEqual({
      dropdownId: 'dd', selectedOptionIds: ['x', 'y'], title: 'Vendor', multiselect: true, hideImages: true,
      selectedOptions: [{ id: 'x', title: 'OEM', imageId: 'img' }, { id: 'y', title: 'Third-party', imageId: null }],
    });
  });

  it('reads stored content leniently: malformed entries skipped, missing texts absent', () => {
    expect(readRecordedPicks({ rangeValues: 'x', multipleChoices: [1, { multipleChoiceId: 'mc', selectedOptionIds: ['a', 3, null] }], dropdowns: [{}] })).toEqual({
      rangeValues: [], multipleChoices: [{ multipleChoiceId: 'mc', selectedOptionIds: ['a', '3'] }], dropdowns: [],
    });
    expect(readRecordedPicks(null)).toEqual({ rangeValues: [], multipleChoices: [], dropdowns: [] });
  });

  it('takes the follow-ups of radio, choice and dropdown options from a point configuration', () => {
    const lib = pickLibraryOf({
      rangeValues: [],
      optionGroup: { options: [{ followUpRangeValue: { id: 'f1', title: 'Depth' } }, { followUpRangeValue: null }] },
      multipleChoices: [{ id: 'mc', title: 'G', radio: true, options: [{ id: 'a', title: 'A', followUpRangeValue: { id: 'f2', title: 'Width' } }] }],
      dropdowns: [{ id: 'dd', title: 'D', multiselect: false, hideImages: false, options: [{ id: 'x', title: 'X', imageId: null, followUpRangeValue: { id: 'f3', title: 'PN' } }] }],
    });
    expect(lib.followUps.map((f) => f.id)).toEqual(['f1', 'f2', 'f3']);
  });
});

describe('recordJudgement', () => {
  const lib = (over: Partial<JudgementLibrary> = {}): JudgementLibrary => ({
    type: 'Measurement', optionNames: [], limits: { criticalLow: null, low: 10, high: 40, criticalHigh: null }, measurementTitle: 'Gap', unit: 'mm', fieldTitle: null, ...over,
  });

  it('records the keys of the point\'s type only: option names of a radio point, limits, title and unit of a measured one, the table title of a table', () => {
    expect(recordJudgement(lib({ type: 'RadioButtonSelection', optionNames: ['Good', 'Worn'] }), 'Worn')).toEqual({ optionNames: ['Good', 'Worn'] });
    expect(recordJudgement(lib(), null)).toEqual({ limits: { criticalLow: null, low: 10, high: 40, criticalHigh: null }, measurementTitle: 'Gap', unit: 'mm' });
    expect(recordJudgement(lib({ type: 'Summary', limits: null, fieldTitle: 'Wear' }), null)).toEqual({ limits: null, measurementTitle: 'Gap', unit: 'mm', fieldTitle: 'Wear' });
    expect(recordJudgement(lib({ type: 'Comment' }), null)).toEqual({});
  });

  it('keeps what the previous write recorded; a selection outside the recorded option names records today\'s list', () => {
    const previous = { optionNames: ['Good', 'Worn'], limits: null, measurementTitle: 'Old', unit: 'cm' };
    expect(recordJudgement(lib(), null, previous)).toEqual({ limits: null, measurementTitle: 'Old', unit: 'cm' });
    const radio = lib({ type: 'RadioButtonSelectionAndRangeValues', optionNames: ['Good', 'Worn out'] });
    expect(recordJudgement(radio, 'Worn', previous).optionNames).toEqual(['Good', 'Worn']);
    expect(recordJudgement(radio, 'Worn out', previous).optionNames).toEqual(['Good', 'Worn out']);
  });

  it('reads the library from a point configuration', () => {
    expect(judgementLibraryOf({ type: 'Measurement', optionGroup: { options: [{ name: 'A' }] }, measurementTitle: 'T', unitValue: 'bar', fieldTitle: null }))
      .toEqual({ type: 'Measurement', optionNames: ['A'], limits: null, measurementTitle: 'T', unit: 'bar', fieldTitle: null });
  });
});
