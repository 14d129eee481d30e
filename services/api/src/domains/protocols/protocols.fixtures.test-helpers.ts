import { expect } from 'vitest';
import type { TProtocol, TProtocolCreateInput } from '@insp/contracts';
import type { TestApp } from '../../testing/test-app.js';
import { seedEditFixtures } from '../inspections/inspection-edit.fixtures.test-helpers.js';

/** The inspection editing fixtures (roles, points, families, a used Daily protocol) plus two phases, and call helpers. */
export async function seedProtocolFixtures(t: TestApp) {
  const f = await seedEditFixtures(t);
  const [before, after] = await t.db.insertInto('inspection_phases').values([{ name: 'Before start' }, { name: 'Running' }]).returning('id').execute();
  const phases = { before: before!.id, after: after!.id };

  /** A valid Daily protocol for the Jaw JC family with two categories; `over` replaces fields. */
  const body = (over: Partial<TProtocolCreateInput> = {}): TProtocolCreateInput => ({
    name: 'Daily for jaws',
    type: 'Daily',
    date: 639_000_000_000_000_000,
    targets: [{ productFamilyId: f.ref.jaw.id, productModelId: null, equipmentId: null }],
    categories: [
      {
        index: 0,
        title: { id: null, text: 'General' },
        inspectionPoints: [
          { inspectionPointId: f.points.comment, index: 0, dependencies: [{ json: { source: 'equipment', field: 'model' } }] },
          { inspectionPointId: f.points.radio, index: 1, showInReport: false },
        ],
      },
      { index: 1, title: 'Measurements', inspectionPoints: [{ inspectionPointId: f.points.measure, index: 0, sampleIdIndex: 2 }] },
    ],
    // The groups name the default categories' indices; a test that replaces the categories gets none.
    categoryGroups: over.categories ? [] : [{ name: 'All', categoryIndices: [0, 1, -1] }],
    ...over,
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) }, payload: payload === undefined ? undefined : JSON.stringify(payload) });

  const create = async (over: Partial<TProtocolCreateInput> = {}, token = f.tok.admin): Promise<TProtocol> => {
    const res = await call('POST', '/api/v1/inspectionProtocols', token, body(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const get = async (id: string): Promise<TProtocol> => {
    const res = await call('GET', `/api/v1/InspectionProtocols/${id}`, f.tok.admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  return { ...f, phases, body, call, create, get };
}
export type ProtocolFixtures = Awaited<ReturnType<typeof seedProtocolFixtures>>;
