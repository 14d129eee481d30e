import { describe, expect, it } from 'vitest';
import type { TProtocol, TProtocolPoint } from '@insp/contracts';
import { describeProtocolChanges, MAX_CHANGE_LINES } from './protocols-changes.js';

let seq = 0;
const point = (inspectionPointId: string, name: string, over: Partial<TProtocolPoint> = {}): TProtocolPoint => {
  const id = `pp-${++seq}`;
  return {
    id, protocolPointId: id, inspectionPointId, pointFound: true, index: 0, name, nameOverride: null, pointName: name, type: 'Comment', phaseId: null, phaseName: null,
    measurementTitle: null, unit: null, prefill: null, sampleIdIndex: null, showValueInReportHeader: false, showInReport: true, optional: false,
    subcategoryTitleIndex: null, dependencies: [], ...over,
  };
};
const category = (index: number, title: string, points: TProtocolPoint[]) => ({
  id: `c-${++seq}`, index, title: { id: null, text: title }, itemCount: points.length, subcategoryTitles: [], inspectionPoints: points.map((p, i) => ({ ...p, index: i })),
});
const protocol = (over: Partial<TProtocol>): TProtocol => ({
  id: 'p', protocolId: 'p', name: 'Daily', type: 'Daily', typeName: 'Daily', date: null, summary: null, index: 0, created: 0, createdBy: null,
  targets: [], products: ['Any product'], categories: [], categoryGroups: [], phasesOn: false, phases: [], infoAppendix: false, ratingTableLocation: 'Start',
  showCurrentLoadedHours: true, automaticName: false, copyOfProtocolId: null, draft: false, updated: 0, version: 1, rootProtocolId: 'p',
  previousVersionId: null, supersededAt: null, versions: [], ...over,
});

describe('describeProtocolChanges', () => {
  const oil = point('ip-oil', 'Oil level');
  const belt = point('ip-belt', 'Belt');
  const hours = point('ip-hours', 'Hours');
  const before = protocol({ categories: [category(0, 'Engine', [oil, hours]), category(1, 'Conveyor', [belt])] });

  it('says nothing when nothing differs', () => {
    expect(describeProtocolChanges(before, structuredClone(before))).toEqual([]);
  });

  it('names settings, targets, added, removed, moved and reordered points and changed point settings', () => {
    const after = protocol({
      name: 'Daily v2', ratingTableLocation: 'End', products: ['Jaw JC'],
      categories: [
        category(0, 'Engine', [{ ...hours, showValueInReportHeader: true, nameOverride: 'Engine hours' }]),
        category(1, 'Conveyor', [belt, oil, point('ip-new', 'Grease')]),
      ],
    });
    expect(describeProtocolChanges(before, after)).toEqual([
      "Name: 'Daily' → 'Daily v2'",
      'Rating table location: Start → End',
      'Target added: Jaw JC',
      'Target removed: Any product',
      'Point moved from Engine to Conveyor: Oil level',
      'Point added to Conveyor: Grease',
      'Engine · Hours: name in this protocol, show value in report header changed',
    ]);
  });

  it('tells a renamed category (same place, same points) from one replaced, and sees categories and points reordered', () => {
    const renamed = protocol({ categories: [category(0, 'Motor', [oil, hours]), category(1, 'Conveyor', [belt])] });
    expect(describeProtocolChanges(before, renamed)).toEqual(["Category renamed: 'Engine' → 'Motor'"]);
    const swapped = protocol({ categories: [category(0, 'Conveyor', [belt]), category(1, 'Engine', [hours, oil])] });
    expect(describeProtocolChanges(before, swapped)).toEqual(['Categories reordered', 'Points reordered in Engine']);
    const replaced = protocol({ categories: [category(0, 'Engine', [oil, hours]), category(1, 'Tracks', [])] });
    expect(describeProtocolChanges(before, replaced)).toEqual(['Category added: Tracks', 'Category removed: Conveyor (1 points)']);
  });

  it(`keeps the history to ${MAX_CHANGE_LINES} lines`, () => {
    const many = protocol({ categories: [category(0, 'Engine', Array.from({ length: 100 }, (_, i) => point(`ip-${i}`, `P${i}`)))] });
    const lines = describeProtocolChanges(protocol({ categories: [category(0, 'Engine', [])] }), many);
    expect(lines).toHaveLength(MAX_CHANGE_LINES);
    expect(lines.at(-1)).toBe('… and 41 more changes');
  });
});
