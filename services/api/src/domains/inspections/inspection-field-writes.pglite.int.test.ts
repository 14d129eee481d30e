import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteTestApp, type TestApp } from '../../testing/test-app.js';
import { seedAuditFixtures, type AuditFixtures } from '../audits/audits.fixtures.test-helpers.js';

// Issue 23 on the embedded default (PGlite, one connection): a keyed write runs the service inside the key's
// transaction (services' own transactions join it), and the version columns and jsonb stamps work there too.
let t: TestApp;
let f: AuditFixtures;

beforeAll(async () => {
  t = await createPgliteTestApp('insp-field-writes-pglite-');
  f = await seedAuditFixtures(t);
  await t.db.updateTable('inspection_points').set({ rating_field_required: false }).execute();
}, 60_000);
afterAll(() => t?.close());

const put = (url: string, token: string, payload: unknown, key?: string) =>
  t.app.inject({ method: 'PUT', url, payload: JSON.stringify(payload), headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) } });

describe('field writes on PGlite', () => {
  it('applies a keyed results save once, answers a repeat the same, and reports an overwritten result', async () => {
    const { id, categories } = await f.inspection({ inspector_user_id: f.users.inspector, created_by_user_id: f.users.inspector });
    const body = (selection: string, version?: number) => ({ results: [{ categoryId: categories[0]!, protocolPointId: f.daily.points[f.points.radio]!, content: { selection, version } }] });
    const key = randomUUID();
    const first = await put(`/api/v1/inspections/${id}/results`, f.tok.inspector, body('Worn', 0), key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await put(`/api/v1/inspections/${id}/results`, f.tok.inspector, body('Worn', 0), key);
    expect(again.json()).toEqual(first.json());
    const later = await put(`/api/v1/inspections/${id}/results`, f.tok.manager, body('Damaged', 0));
    expect(later.json().overwritten).toMatchObject([{ field: 'results.0', version: 1, updatedBy: 'Inspector' }]);
    const a = await f.createAudit();
    const text = await put(`/api/v1/audits/${a.id}/summary`, f.tok.inspector, { text: 'x', version: 0 }, randomUUID());
    expect(text.json()).toMatchObject({ version: 1, updatedBy: 'Inspector' });
  });
});
