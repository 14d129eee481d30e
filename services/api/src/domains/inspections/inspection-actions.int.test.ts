import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInspectionEdit } from '@insp/contracts';
import { createTestApp, signInUsers, type TestApp } from '../../testing/test-app.js';
import { seedEditFixtures, type EditFixtures } from './inspection-edit.fixtures.test-helpers.js';

// Issue 20: the actions a report screen offers come from the rules the server checks (contracts
// inspection-rights.ts), answered as `can` with the inspection; reopen; the starter discards an empty start.
let t: TestApp;
let f: EditFixtures;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedEditFixtures(t);
  // these tests are about who may finish and save; the rule that ratings come first has its own file (required-ratings.int.test.ts)
  await t.db.updateTable('inspection_points').set({ rating_field_required: false }).execute();
  ({ other } = await signInUsers(t, [{ kind: 'staff', email: 'other@company.example', name: 'Other Inspector', idp_groups: ['inspection'] }]));
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method, url, headers: { authorization: `Bearer ${token}`, ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}) },
    ...(payload !== undefined ? { payload: typeof payload === 'string' ? JSON.stringify(payload) : (payload as object) } : {}),
  });
const can = async (id: string, token: string) => ((await call('GET', `/api/v1/inspections/${id}/web`, token)).json() as TInspectionEdit).can!;
/** A save with nothing in it: PUT finish, checked like every save. */
const saveResults = (id: string, token: string) => call('PUT', `/api/v1/inspections/${id}/finish`, token);
/** An inspection the inspector started (creator and inspector), with the given status. */
const started = (status?: string) => f.startedByInspector(status);
const answer = async (id: string, categoryId: string) =>
  t.db.insertInto('inspection_point_results').values({ inspection_id: id, inspection_category_id: categoryId, protocol_point_id: f.daily.points[f.points.radio]!, inspection_point_id: f.points.radio, rating: 0, index: 0 } as never).execute();

describe('can: what the caller may do with an inspection, from the rules the saves check', () => {
  it('answers can.edit exactly when a save is accepted, for every role on In use, Waiting and Finished', async () => {
    const tokens = { admin: f.tok.admin, manager: f.tok.manager, inspector: f.tok.inspector, other };
    for (const status of ['In_Use', 'Waiting', 'Finished']) {
      const { id } = await started(status);
      for (const [who, token] of Object.entries(tokens)) {
        const offered = await can(id, token);
        const res = await saveResults(id, token);
        const accepted = res.statusCode === 200;
        expect({ status, who, edit: offered.edit }).toEqual({ status, who, edit: accepted });
        if (!accepted) expect(offered.editRefusal).toBe(res.json().message);
      }
    }
  });

  it("tells a Manager a finished report can't be edited, and offers an Admin its reopen but no status change", async () => {
    const { id } = await started('Finished');
    expect(await can(id, f.tok.manager)).toMatchObject({ edit: false, editRefusal: 'status: a finished inspection can only be changed by an Admin', reopen: false, statusTo: [], delete: true });
    expect(await can(id, f.tok.admin)).toMatchObject({ edit: true, editRefusal: null, reopen: true, statusTo: [], rate: true, download: true });
  });

  it('offers the inspector contact In use → Waiting, an Admin Waiting and Finished, and editDetails answers the same', async () => {
    const { id } = await started();
    expect(await can(id, f.tok.inspector)).toMatchObject({ statusTo: ['Waiting'], reopen: false, rate: false, download: false });
    expect(await can(id, f.tok.admin)).toMatchObject({ statusTo: ['Waiting', 'Finished'] });
    expect(await can(id, other)).toMatchObject({ statusTo: [], edit: false, delete: false });
    const details = (await call('GET', `/api/v1/inspections/${id}/editDetails`, f.tok.inspector)).json() as TInspectionEdit;
    expect(details.can).toEqual(await can(id, f.tok.inspector));
  });
});

describe('reopening a finished inspection (PUT updateStatus to In_Use)', () => {
  it('lets an Admin reopen it, after which its inspector may save again; a Manager and the inspector are refused', async () => {
    const { id } = await started('Finished');
    expect((await call('PUT', `/api/v1/inspections/${id}/updateStatus`, f.tok.manager, 'In_Use')).statusCode).toBe(403);
    expect((await call('PUT', `/api/v1/inspections/${id}/updateStatus`, f.tok.inspector, 'In_Use')).statusCode).toBe(403);
    expect((await saveResults(id, f.tok.inspector)).statusCode).toBe(403);
    const res = await call('PUT', `/api/v1/inspections/${id}/updateStatus`, f.tok.admin, 'In_Use');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, status: 'In_Use' });
    expect(await can(id, f.tok.inspector)).toMatchObject({ edit: true, statusTo: ['Waiting'] });
    expect((await saveResults(id, f.tok.inspector)).statusCode).toBe(200);
    const trail = await t.db.selectFrom('audit_trail').select(['action', 'changes']).where('entity_id', '=', id).execute();
    expect(trail).toContainEqual({ action: 'status', changes: { status: ['Finished', 'In_Use'] } });
  });
});

describe('discarding an empty start (DELETE by its starter)', () => {
  it('lets the starter soft-delete their own In use inspection without results, and can.delete says so first', async () => {
    const { id } = await started();
    expect(await can(id, f.tok.inspector)).toMatchObject({ delete: true, discard: true });
    // A Manager may delete it too, but it is not theirs to be asked about when leaving the form.
    expect(await can(id, f.tok.manager)).toMatchObject({ delete: true, discard: false });
    const res = await call('DELETE', `/api/v1/inspections/${id}?force=true`, f.tok.inspector);
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.db.selectFrom('inspections').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await call('GET', `/api/v1/inspections/${id}/web`, f.tok.inspector)).statusCode).toBe(404);
  });

  it('refuses another inspector, a user of level None, and the starter once it has a result or is no longer In use', async () => {
    const empty = await started();
    expect((await can(empty.id, other)).delete).toBe(false);
    expect((await call('DELETE', `/api/v1/inspections/${empty.id}`, other)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/inspections/${empty.id}`, f.tok.nobody)).statusCode).toBe(403);

    const answered = await started();
    await answer(answered.id, answered.categories[0]!);
    expect(await can(answered.id, f.tok.inspector)).toMatchObject({ delete: false, discard: false });
    expect((await call('DELETE', `/api/v1/inspections/${answered.id}`, f.tok.inspector)).statusCode).toBe(403);

    const waiting = await started('Waiting');
    expect((await call('DELETE', `/api/v1/inspections/${waiting.id}`, f.tok.inspector)).statusCode).toBe(403);
    const live = await t.db.selectFrom('inspections').select('id').where('id', 'in', [empty.id, answered.id, waiting.id]).where('deleted_at', 'is', null).execute();
    expect(live).toHaveLength(3);
    // A Manager deletes any of them, as before.
    expect((await call('DELETE', `/api/v1/inspections/${answered.id}`, f.tok.manager)).statusCode).toBe(200);
  });
});
