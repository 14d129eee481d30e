import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TAuditPreviousValues } from '@insp/contracts';
import { blankResult, measurementPoint, radioPoint, tablePoint, uuid } from '../inspection-edit/edit.fixtures.test-helpers';
import { api, audit, AUDIT_ID, auditEditorHooks, open, run } from './auditEditor.test-helpers';
import { AUDIT_TEXT } from './texts';

auditEditorHooks();

/** Issue 23: beside each measured point of a run, what the run's machine measured last time (audits.previousValues). */
const SECOND = uuid(960);
const second = run({
  id: SECOND, protocolRunType: 'Audit_Machine:stage_3', stage: 'stage_3', runIndex: 2,
  categories: [{ id: uuid(961), title: 'Crusher', index: 0, inspectionPoints: [measurementPoint({ protocolPointId: uuid(962), content: blankResult() })] }],
});
// noon UTC: the same day in any zone
const values: TAuditPreviousValues = {
  runs: [{
    runId: uuid(901),
    points: [
      { inspectionPointId: measurementPoint().inspectionPointId!, date: Date.UTC(2026, 9, 5, 12), value: '18,4', cells: [] },
      { inspectionPointId: tablePoint().inspectionPointId!, date: Date.UTC(2026, 8, 1, 12), value: null, cells: [{ rowId: uuid(411), rowTitle: 'Main conveyor', fieldId: uuid(401), value: '12' }] },
    ],
  }],
};
const withTable = run({ categories: [{ id: uuid(906), title: 'Crusher', index: 0, inspectionPoints: [radioPoint(), measurementPoint({ content: blankResult({ id: uuid(907), value: '20' }) }), tablePoint()] }] });
const runRegion = (n: number) => screen.getAllByTestId('run')[n]!;

describe('previous values in the audit editor', () => {
  it("shows under a run's measured point what its machine measured last time, and in a table's cells", async () => {
    open(audit({ inspectionProtocolRuns: [withTable, second] }), { 'audits.previousValues': () => ({ data: values }) });
    const line = await screen.findByTestId('previous-value');
    expect(line.textContent).toBe('Previous: 18,4 mm on 05.10.2026');
    expect(within(within(runRegion(0)).getByRole('region', { name: measurementPoint().name })).getByTestId('previous-value')).toBe(line);
    // a table: each cell its own ('Previous: 12' as the cell's description), the day under the table
    expect(within(runRegion(0)).getByTestId('previous-table').textContent).toBe('Previous values (under each cell) from the inspection of 01.09.2026');
    expect(within(runRegion(0)).getByText('Previous: 12')).toBeTruthy();
    // the second run has none of its own: no line there although the same point is in it
    expect(within(runRegion(1)).queryByTestId('previous-value')).toBeNull();
    expect(screen.getAllByTestId('previous-value')).toHaveLength(1);
    expect(api.calls.filter((c) => c.path === 'audits.previousValues').map((c) => c.input)).toEqual([{ id: AUDIT_ID }]);
  });

  it('shows the points as before when the read is refused', async () => {
    open(audit(), { 'audits.previousValues': () => ({ error: { httpStatus: 403, code: 'FORBIDDEN', message: 'No' } }) });
    const css = await screen.findByRole('region', { name: measurementPoint().name });
    await vi.waitFor(() => expect(api.calls.some((c) => c.path === 'audits.previousValues')).toBe(true));
    expect(within(css).queryByTestId('previous-value')).toBeNull();
    expect(within(css).getAllByRole('textbox')[0]).toBeTruthy();
  });

  it("reads them again when the audit's runs change (a run added), not on every read of the audit", async () => {
    let data = audit();
    let answer: TAuditPreviousValues = { runs: [] };
    open(data, { 'audits.get': () => ({ data }), 'audits.previousValues': () => ({ data: answer }) });
    await screen.findByRole('region', { name: measurementPoint().name });
    const asked = () => api.calls.filter((c) => c.path === 'audits.previousValues').length;
    await vi.waitFor(() => expect(asked()).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: AUDIT_TEXT.refresh }));
    await vi.waitFor(() => expect(api.calls.filter((c) => c.path === 'audits.get').length).toBe(2));
    expect(asked()).toBe(1);
    data = audit({ inspectionProtocolRuns: [run(), second] });
    answer = { runs: [{ runId: SECOND, points: [{ inspectionPointId: measurementPoint().inspectionPointId!, date: Date.UTC(2026, 9, 5, 12), value: '17', cells: [] }] }] };
    fireEvent.click(screen.getByRole('button', { name: AUDIT_TEXT.refresh }));
    await vi.waitFor(() => expect(within(runRegion(1)).getByTestId('previous-value').textContent).toBe('Previous: 17 mm on 05.10.2026'));
    expect(asked()).toBe(2);
  });
});
