import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basePoint, callsOf, pointFixtures, type PointFixtures } from './inspection-points.fixtures.test-helpers.js';

/** A chart line kept by the payload while the row it drew is replaced: it follows to the new row. */
let f: PointFixtures;
let api: ReturnType<typeof callsOf>;
beforeAll(async () => {
  f = await pointFixtures();
  api = callsOf(f.t, f.tok);
});
afterAll(() => f?.t.close());

describe('chart lines of removed rows', () => {
  it('moves a kept chart line to a new row when its old row is removed in the same save', async () => {
    const chart = { visualizationType: 'LineChart', fields: [{ id: 'temp-id-f', title: 'Left' }] };
    const created = await api.call('POST', '/api/v1/inspectionPoints', 'admin', basePoint(f, 'Summary', { ...chart, rows: [{ id: 'temp-id-r1', title: 'Old' }], visualizationDatasets: [{ name: 'Wear', rowId: 'temp-id-r1' }] }));
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json();
    const line = p.visualizationDatasets[0];
    const res = await api.call('PUT', `/api/v1/inspectionPoints/${p.id}?deleteMissingById=true`, 'admin', basePoint(f, 'Summary', {
      visualizationType: 'LineChart', fields: p.fields, rows: [{ id: 'temp-id-r2', title: 'New' }], visualizationDatasets: [{ ...line, rowId: 'temp-id-r2' }],
    }));
    expect(res.statusCode, res.body).toBe(200);
    const u = res.json();
    expect(u.rows.map((r: { title: string }) => r.title)).toEqual(['New']);
    expect(u.visualizationDatasets).toEqual([{ id: expect.any(String), name: 'Wear', rowId: u.rows[0].id, columnId: null }]);
    // A line naming a removed row without moving it is still a 400 naming its row.
    const stale = await api.call('PUT', `/api/v1/inspectionPoints/${p.id}?deleteMissingById=true`, 'admin', basePoint(f, 'Summary', {
      visualizationType: 'LineChart', fields: u.fields, rows: [], visualizationDatasets: u.visualizationDatasets,
    }));
    expect(stale.statusCode, stale.body).toBe(400);
    expect(stale.json().field).toBe('visualizationDatasets[0].rowId');
  });
});
