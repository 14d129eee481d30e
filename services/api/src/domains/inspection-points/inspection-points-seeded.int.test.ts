import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, STAFF } from '@insp/db/seed';
import { storageOf } from '../../lib/storage.js';
import { anonymousContext, createTestApp, type TestApp } from '../../testing/test-app.js';
import { startSession } from '../auth/session.service.js';
import { contentOf } from './inspection-points.fixtures.test-helpers.js';

/** The demo library (a point of every type, with results recorded by the demo inspections) through the API. */
let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  const storage = storageOf(t.config);
  await seedDemo(t.db, { putFile: async (key, bytes, contentType) => void (await storage.put(key, bytes, { contentType })) });
  const admin = await t.db.selectFrom('users').select('id').where('email', '=', STAFF.admin.email).executeTakeFirstOrThrow();
  auth = { authorization: `Bearer ${(await startSession(anonymousContext(t), admin.id)).accessToken}` };
}, 120_000);
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload: payload as object } : {}) });

describe('the demo library', () => {
  it('every point reads, saves back unchanged (deleteMissingById) and duplicates with equal content', async () => {
    const list = await call('GET', '/api/v1/inspectionPoints/list?amount=1000');
    expect(list.statusCode, list.body).toBe(200);
    const points = list.json() as { id: string; name: string; type: string }[];
    expect(new Set(points.map((p) => p.type)).size).toBe(11);
    expect(points.map((p) => p.name)).not.toContain('Vibration level (retired)');
    for (const { id, name } of points) {
      const read = await call('GET', `/api/v1/inspectionPoints/${id}?fromWebApp=true`);
      expect(read.statusCode, `${name}: ${read.body}`).toBe(200);
      const p = read.json();
      // The editor sends back what it read: nothing may change.
      const saved = await call('PUT', `/api/v1/inspectionPoints/${id}?deleteMissingById=true`, p);
      expect(saved.statusCode, `${name}: ${saved.body}`).toBe(200);
      expect({ ...saved.json(), updated: p.updated }, name).toEqual(p);
      const copy = await call('POST', `/api/v1/inspectionPoints/${id}/duplicate`);
      expect(copy.statusCode, `${name}: ${copy.body}`).toBe(201);
      expect(contentOf({ ...copy.json(), name }), name).toEqual(contentOf(p));
    }
  }, 120_000);

  it('an edit that renames and removes options leaves what inspections recorded untouched', async () => {
    const wear = await t.db.selectFrom('inspection_points').select('id').where('name', '=', 'Wear parts in use').where('deleted_at', 'is', null).executeTakeFirstOrThrow();
    const results = () =>
      t.db.selectFrom('inspection_point_results').select(['id', 'selection', 'value', 'comment', 'content', 'inspection_point_id']).where('inspection_point_id', '=', wear.id).orderBy('id').execute();
    const before = await results();
    expect(before.length).toBeGreaterThan(0);
    const p = (await call('GET', `/api/v1/inspectionPoints/${wear.id}`)).json();
    expect(p.usage.inspections).toBeGreaterThan(0);
    const [supplier] = p.dropdowns;
    const res = await call('PUT', `/api/v1/inspectionPoints/${wear.id}?deleteMissingById=true`, {
      ...p, dropdowns: [{ ...supplier, title: 'Parts supplier', options: [{ ...supplier.options[0], title: 'Genuine parts' }] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dropdowns.map((d: any) => [d.title, d.options.map((o: any) => o.title)])).toEqual([['Parts supplier', ['Genuine parts']]]);
    expect(await results()).toEqual(before);
  });

  it('the type of a point that inspections answered cannot change (409 naming type); an unused one can', async () => {
    const wear = await t.db.selectFrom('inspection_points').select('id').where('name', '=', 'Wear parts in use').where('deleted_at', 'is', null).executeTakeFirstOrThrow();
    const p = (await call('GET', `/api/v1/inspectionPoints/${wear.id}`)).json();
    const refused = await call('PUT', `/api/v1/inspectionPoints/${wear.id}?deleteMissingById=true`, { ...p, type: 'Comment' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().field).toBe('type');
    expect((await call('GET', `/api/v1/inspectionPoints/${wear.id}`)).json().type).toBe(p.type);
    const copy = (await call('POST', `/api/v1/inspectionPoints/${wear.id}/duplicate`)).json();
    const changed = await call('PUT', `/api/v1/inspectionPoints/${copy.id}?deleteMissingById=true`, { ...copy, type: 'Comment' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().type).toBe('Comment');
  });
});
