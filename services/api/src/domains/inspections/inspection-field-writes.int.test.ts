import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '@insp/db/seed';
import type { TInspectionEdit, TV1InspectionReport } from '@insp/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedEditFixtures, type EditFixtures } from './inspection-edit.fixtures.test-helpers.js';

/**
 * Issue 23, field writes on a bad connection: every write of the in-browser inspection takes an idempotency key
 * (REST `Idempotency-Key`, tRPC `clientRequestId`); sent again it is applied once and answered the same.
 */
let t: TestApp;
let f: EditFixtures;

beforeAll(async () => {
  t = await createTestApp({}, {});
  f = await seedEditFixtures(t);
  await t.db.updateTable('inspection_points').set({ rating_field_required: false }).execute();
});
afterAll(() => t?.close());

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const rest = (method: Method, url: string, token: string, payload?: unknown, key?: string) =>
  t.app.inject({
    method, url,
    headers: { authorization: `Bearer ${token}`, ...(key !== undefined ? { 'idempotency-key': key } : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const trpc = (procedure: string, token: string, input: unknown) =>
  t.app.inject({ method: 'POST', url: `/trpc/${procedure}`, headers: { authorization: `Bearer ${token}` }, payload: input as object });
const started = () => f.startedByInspector();
const keysOf = async (operation: string) => Number((await t.db.selectFrom('idempotency_keys').select((eb) => eb.fn.countAll().as('n')).where('operation', '=', operation).executeTakeFirstOrThrow()).n);
/** A result of the radio point in the first category, as PUT results takes it. */
const radio = (categoryId: string, content: Record<string, unknown>) => ({ results: [{ categoryId, protocolPointId: f.daily.points[f.points.radio]!, content }] });
const storedRadio = (id: string) =>
  t.db.selectFrom('inspection_point_results').select(['id', 'selection', 'comment', 'version']).where('inspection_id', '=', id).where('protocol_point_id', '=', f.daily.points[f.points.radio]!).execute();
const trail = async (id: string) => (await t.db.selectFrom('audit_trail').select('action').where('entity_id', '=', id).execute()).map((r) => r.action);

describe('a repeated write with the same key is applied once and answered the same (REST Idempotency-Key)', () => {
  it('POST inspections: the second call answers 201 with the same inspection and starts no second one', async () => {
    const body = { protocolId: f.daily.id, customerId: f.ref.customerId, customerSiteId: f.ref.siteId, equipment: { id: f.equipment } };
    const key = randomUUID();
    const first = await rest('POST', '/api/v1/inspections', f.tok.inspector, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await rest('POST', '/api/v1/inspections', f.tok.inspector, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const made = await t.db.selectFrom('inspections').select('id').where('created_by_user_id', '=', f.users.inspector).where('protocol_id', '=', f.daily.id).execute();
    expect(made.filter((m) => m.id === first.json().id)).toHaveLength(1);
    // without a key a second call is a second inspection, as before
    const other = await rest('POST', '/api/v1/inspections', f.tok.inspector, body);
    expect(other.json().id).not.toBe(first.json().id);
  });

  it('PUT results: the repeat answers the first answer, writes no second version and no second trail row', async () => {
    const { id, categories } = await started();
    const key = randomUUID();
    const body = radio(categories[0]!, { selection: 'Worn', comment: 'first' });
    const first = await rest('PUT', `/api/v1/inspections/${id}/results`, f.tok.inspector, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await rest('PUT', `/api/v1/inspections/${id}/results`, f.tok.inspector, body, key);
    expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    expect(await storedRadio(id)).toMatchObject([{ selection: 'Worn', version: 1 }]);
    expect((await trail(id)).filter((a) => a === 'results')).toHaveLength(1);
  });

  it('PUT update (the whole inspection): the repeat answers the same report', async () => {
    const { id } = await started();
    const read = (await rest('GET', `/api/v1/inspections/${id}/editDetails`, f.tok.inspector)).json() as TV1InspectionReport;
    read.content.summary = 'Fair';
    const key = randomUUID();
    const first = await rest('PUT', `/api/v1/inspections/update?lang=en&id=${id}`, f.tok.inspector, { ...read, finished: false }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await rest('PUT', `/api/v1/inspections/update?lang=en&id=${id}`, f.tok.inspector, { ...read, finished: false }, key);
    expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    expect((await trail(id)).filter((a) => a === 'update')).toHaveLength(1);
  });

  it('PUT finish: the repeat answers the first answer even after an Admin reopened the inspection', async () => {
    const { id } = await started();
    const key = randomUUID();
    const first = await rest('PUT', `/api/v1/inspections/${id}/finish`, f.tok.inspector, undefined, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id, finished: true });
    await t.db.updateTable('inspections').set({ finished: false, ended_at: null }).where('id', '=', id).execute();
    const again = await rest('PUT', `/api/v1/inspections/${id}/finish`, f.tok.inspector, undefined, key);
    expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    expect((await t.db.selectFrom('inspections').select('finished').where('id', '=', id).executeTakeFirstOrThrow()).finished).toBe(false);
  });

  it('DELETE: the repeat answers 200 {id} as the first (without a key the deleted inspection is a 404)', async () => {
    const { id } = await started();
    const key = randomUUID();
    const first = await rest('DELETE', `/api/v1/inspections/${id}`, f.tok.inspector, undefined, key);
    expect([first.statusCode, first.json()]).toEqual([200, { id }]);
    const again = await rest('DELETE', `/api/v1/inspections/${id}`, f.tok.inspector, undefined, key);
    expect([again.statusCode, again.json()]).toEqual([200, { id }]);
    expect((await rest('DELETE', `/api/v1/inspections/${id}`, f.tok.inspector)).statusCode).toBe(404);
  });

  it('POST images: the same bytes under the same key answer the same id and store one image; other bytes are a 409', async () => {
    const png = Buffer.from(solidPng(2, 2, [10, 20, 30]));
    const boundary = `----b${randomUUID()}`;
    const form = (bytes: Buffer, name = 'photo.png') => Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = (bytes: Buffer, key: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/images', payload: form(bytes), headers: { authorization: `Bearer ${f.tok.inspector}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': key } });
    const before = await t.db.selectFrom('images').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const key = randomUUID();
    const first = await upload(png, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload(png, key);
    expect([again.statusCode, again.json()]).toEqual([201, first.json()]);
    const after = await t.db.selectFrom('images').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(1);
    const other = await upload(Buffer.from(solidPng(2, 2, [99, 20, 30])), key);
    expect(other.statusCode).toBe(409);
    expect(other.json().field).toBe('Idempotency-Key');
  });
});

describe('keys over tRPC (clientRequestId), refusals and races', () => {
  it('inspectionEdit.saveResults with a clientRequestId is applied once; another input under the key is a 409 naming clientRequestId', async () => {
    const { id, categories } = await started();
    const clientRequestId = randomUUID();
    const input = { id, data: radio(categories[0]!, { selection: 'Worn' }), clientRequestId };
    const first = await trpc('inspectionEdit.saveResults', f.tok.inspector, input);
    expect(first.statusCode, first.body).toBe(200);
    const again = await trpc('inspectionEdit.saveResults', f.tok.inspector, input);
    expect(again.json().result.data).toEqual(first.json().result.data);
    expect(await storedRadio(id)).toMatchObject([{ version: 1 }]);
    const other = await trpc('inspectionEdit.saveResults', f.tok.inspector, { ...input, data: radio(categories[0]!, { selection: 'Damaged' }) });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.data.field).toBe('clientRequestId');
    expect(other.json().error.message).toContain(clientRequestId);
  });

  it('another body under the same Idempotency-Key is a 409 naming the key, and nothing of it is applied', async () => {
    const { id, categories } = await started();
    const key = randomUUID();
    expect((await rest('PUT', `/api/v1/inspections/${id}/results`, f.tok.inspector, radio(categories[0]!, { selection: 'Worn' }), key)).statusCode).toBe(200);
    const res = await rest('PUT', `/api/v1/inspections/${id}/results`, f.tok.inspector, radio(categories[0]!, { selection: 'Damaged' }), key);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ field: 'Idempotency-Key', message: expect.stringContaining(key) });
    expect(await storedRadio(id)).toMatchObject([{ selection: 'Worn' }]);
  });

  it('a bad key is a 400 naming Idempotency-Key or clientRequestId, before anything is written', async () => {
    const { id, categories } = await started();
    const res = await rest('PUT', `/api/v1/inspections/${id}/results`, f.tok.inspector, radio(categories[0]!, { selection: 'Worn' }), 'has spaces in it');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('Idempotency-Key');
    const long = await rest('PUT', `/api/v1/inspections/${id}/finish`, f.tok.inspector, undefined, 'x'.repeat(201));
    expect([long.statusCode, long.json().field]).toEqual([400, 'Idempotency-Key']);
    const viaTrpc = await trpc('inspectionEdit.finish', f.tok.inspector, { id, clientRequestId: '' });
    expect(viaTrpc.statusCode).toBe(400);
    expect(viaTrpc.json().error.data.field).toBe('clientRequestId');
    expect(await storedRadio(id)).toEqual([]);
  });

  it('keeps the refusal of a role too low: 403 with a key, and the key is not kept', async () => {
    const { id, categories } = await started();
    const before = await keysOf('inspection.results');
    const res = await rest('PUT', `/api/v1/inspections/${id}/results`, f.tok.nobody, radio(categories[0]!, { selection: 'Worn' }), randomUUID());
    expect(res.statusCode).toBe(403);
    expect((await rest('DELETE', `/api/v1/inspections/${id}`, f.tok.nobody, undefined, randomUUID())).statusCode).toBe(403);
    expect((await trpc('inspectionEdit.finish', f.tok.nobody, { id, clientRequestId: randomUUID() })).statusCode).toBe(403);
    expect(await keysOf('inspection.results')).toBe(before);
  });

  it('two identical calls at the same time apply once and answer the same', async () => {
    const { id, categories } = await started();
    const key = randomUUID();
    const body = radio(categories[0]!, { selection: 'Worn', comment: 'race' });
    const [a, b] = await raceAtTheKey(2, () => [
      rest('PUT', `/api/v1/inspections/${id}/results`, f.tok.inspector, body, key),
      rest('PUT', `/api/v1/inspections/${id}/results`, f.tok.inspector, body, key),
    ]);
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    expect(b!.json()).toEqual(a!.json());
    expect(await storedRadio(id)).toMatchObject([{ comment: 'race', version: 1 }]);
    expect((await trail(id)).filter((x) => x === 'results')).toHaveLength(1);
  });

  it('an old save replayed after a newer one (its answer was lost) does not overwrite the newer value', async () => {
    const { id, categories } = await started();
    const oldKey = randomUUID();
    const old = radio(categories[0]!, { selection: 'Worn', comment: 'old' });
    const first = await rest('PUT', `/api/v1/inspections/${id}/results`, f.tok.inspector, old, oldKey);
    expect(first.statusCode).toBe(200);
    const resultId = first.json().results[0].id as string;
    const newer = await rest('PUT', `/api/v1/inspections/${id}/results`, f.tok.inspector, radio(categories[0]!, { id: resultId, selection: 'Damaged', comment: 'newer' }), randomUUID());
    expect(newer.statusCode).toBe(200);
    // the queue did not get the old answer and sends the old save again with its key
    const replay = await rest('PUT', `/api/v1/inspections/${id}/results`, f.tok.inspector, old, oldKey);
    expect([replay.statusCode, replay.json()]).toEqual([200, first.json()]);
    expect(await storedRadio(id)).toMatchObject([{ selection: 'Damaged', comment: 'newer', version: 2 }]);
  });
});

describe('two people editing the same inspection: the later save wins and the one overwritten is told', () => {
  it('answers which result was changed under the saver, by whom and when; the read shows each result version', async () => {
    const { id, categories } = await started();
    const url = `/api/v1/inspections/${id}/results`;
    // both open the inspection: no result yet (version absent, so each starts from 0)
    const a = await rest('PUT', url, f.tok.inspector, radio(categories[0]!, { selection: 'Worn', comment: 'by inspector', version: 0 }));
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().overwritten).toBeUndefined();
    const b = await rest('PUT', url, f.tok.manager, radio(categories[0]!, { selection: 'Damaged', comment: 'by manager', version: 0 }));
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().overwritten).toEqual([
      { field: 'results.0', resultId: a.json().results[0].id, version: 1, updatedAt: expect.any(Number), updatedBy: 'Inspector' },
    ]);
    // later wins
    expect(await storedRadio(id)).toMatchObject([{ selection: 'Damaged', comment: 'by manager', version: 2 }]);
    // the inspector's next read shows who changed the point last
    const read = (await rest('GET', `/api/v1/inspections/${id}/editDetails`, f.tok.inspector)).json() as TV1InspectionReport;
    const content = read.categories[0]!.inspectionPoints.find((p) => p.protocolPointId === f.daily.points[f.points.radio])!.content;
    expect(content).toMatchObject({ selection: 'Damaged', version: 2, updatedBy: 'Manager', updatedAt: expect.any(Number) });
    // a save from the version read overwrites nothing of anyone
    const c = await rest('PUT', url, f.tok.inspector, radio(categories[0]!, { id: content.id, selection: 'Good', version: 2 }));
    expect(c.json().overwritten).toBeUndefined();
  });

  it('the whole-inspection save (tRPC update) answers overwritten naming the point', async () => {
    const { id, categories } = await started();
    const edit = (await t.app.inject({ method: 'GET', url: `/trpc/inspectionEdit.editDetails?input=${encodeURIComponent(JSON.stringify({ id }))}`, headers: { authorization: `Bearer ${f.tok.inspector}` } })).json().result.data as TInspectionEdit;
    // meanwhile the manager answers the radio point
    expect((await rest('PUT', `/api/v1/inspections/${id}/results`, f.tok.manager, radio(categories[0]!, { selection: 'Damaged' }))).statusCode).toBe(200);
    const point = edit.categories[0]!.inspectionPoints.findIndex((p) => p.protocolPointId === f.daily.points[f.points.radio]);
    edit.categories[0]!.inspectionPoints[point]!.content = { ...edit.categories[0]!.inspectionPoints[point]!.content, selection: 'Worn', version: 0 } as never;
    const data = { ...edit, finished: false, categories: edit.categories.map((c) => ({ id: c.id, inspectionPoints: c.inspectionPoints.map((p) => ({ protocolPointId: p.protocolPointId, content: p.content })) })) };
    const res = await trpc('inspectionEdit.update', f.tok.inspector, { id, lang: 'en', data });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.data.overwritten).toEqual([expect.objectContaining({ field: `categories.0.inspectionPoints.${point}`, updatedBy: 'Manager', version: 1 })]);
  });
});

describe('the OpenAPI document', () => {
  it('lists the optional Idempotency-Key header on every write of the inspection', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>> };
    const writes: [string, string][] = [
      ['post', '/api/v1/images'], ['put', '/api/v1/inspections/{id}/results'], ['put', '/api/v1/inspections/update'], ['put', '/api/v1/inspections/{id}/finish'],
      ['post', '/api/v1/inspections'], ['delete', '/api/v1/inspections/{id}'],
      ['put', '/api/v1/audits/{id}/{field}'], ['put', '/api/v1/audits/{id}/inspector'], ['put', '/api/v1/audits/{id}/details'], ['post', '/api/v1/audits/{id}/runs/{runId}/extraPoints'],
      ['put', '/api/v1/audits/{id}/runs/{runId}/equipmentConfigurator'], ['post', '/api/v1/audits/{id}/suggestions'], ['put', '/api/v1/audits/{id}/suggestions/{suggestionId}'],
      ['delete', '/api/v1/audits/{id}/suggestions/{suggestionId}'], ['post', '/api/v1/audits/{id}/suggestions/proposals/{resultId}/dismiss'], ['post', '/api/v1/audits/{id}/runs'],
      ['delete', '/api/v1/audits/{id}/runs/{runId}'], ['put', '/api/v1/audits/{id}/runs/{runId}/equipment'], ['put', '/api/v1/audits/{id}/runs/{runId}/includedInReport'],
      ['put', '/api/v1/audits/{id}/runs/{runId}/protocol/{protocolId}'], ['post', '/api/v1/audits/{id}/runs/{runId}/points/{pointId}/result'], ['put', '/api/v1/audits/{id}/pointResults/{resultId}'],
    ];
    for (const [method, path] of writes) {
      const header = doc.paths[path]?.[method]?.parameters?.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
      expect({ method, path, header: !!header, required: header?.required ?? false }).toEqual({ method, path, header: true, required: false });
    }
    expect(doc.paths['/api/v1/inspections/{id}/web']!.get!.parameters?.some((p) => p.name === 'Idempotency-Key')).toBeFalsy();
  });
});

/**
 * Holds every insert into idempotency_keys (a SHARE lock lets reads through, not inserts) until `n` calls wait on
 * it, so they all passed the first look-up and race at the insert; then lets them go.
 */
async function raceAtTheKey<T>(n: number, start: () => Promise<T>[]): Promise<T[]> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const lock = t.db.transaction().execute(async (tx) => {
    await sql`lock table idempotency_keys in share mode`.execute(tx);
    locked();
    await held;
  });
  await isLocked;
  const calls = start();
  const waiting = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db)).rows[0]!.n);
  try {
    for (let i = 0; i < 800 && (await waiting()) < n; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await waiting()).toBe(n);
  } finally {
    release();
    await lock;
  }
  return Promise.all(calls);
}
