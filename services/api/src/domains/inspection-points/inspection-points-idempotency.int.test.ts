import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basePoint, callsOf, multipart, pointFixtures, storedDocumentFiles, type PointFixtures, type Who } from './inspection-points.fixtures.test-helpers.js';

/**
 * Issue 19, a point save is one operation: a create or an upload sent again with the same idempotency key (the
 * answer lost, a double click, a client that retries) answers what the first call made and makes nothing new.
 */
let f: PointFixtures;
let api: ReturnType<typeof callsOf>;
beforeAll(async () => {
  f = await pointFixtures();
  api = callsOf(f.t, f.tok);
});
afterAll(() => f?.t.close());

const auth = (who: Exclude<Who, null>) => ({ authorization: `Bearer ${f.tok[who]}` });
const post = (payload: object, key?: string, who: Exclude<Who, null> = 'admin') =>
  f.t.app.inject({ method: 'POST', url: '/api/v1/inspectionPoints', payload, headers: { ...auth(who), ...(key ? { 'idempotency-key': key } : {}) } });
const postMultipart = (body: ReturnType<typeof multipart>, key: string) =>
  f.t.app.inject({ method: 'POST', url: '/api/v1/inspectionPoints', payload: body.payload, headers: { ...body.headers, ...auth('admin'), 'idempotency-key': key } });
const putFiles = (pointId: string, body: ReturnType<typeof multipart>, key?: string) =>
  f.t.app.inject({ method: 'PUT', url: `/api/v1/inspectionPoints/${pointId}/files`, payload: body.payload, headers: { ...body.headers, ...auth('admin'), ...(key ? { 'idempotency-key': key } : {}) } });

const pointsNamed = async (name: string) => (await f.t.db.selectFrom('inspection_points').select('id').where('name', '=', name).execute()).map((r) => r.id);
const documentsNamed = async (name: string) => (await f.t.db.selectFrom('documents').select('id').where('name', '=', name).execute()).length;
const pdf = (name: string, text = name) => ({ name, content: Buffer.from(`%PDF-1.4 ${text}`), type: 'application/pdf' });

/**
 * Holds every insert into idempotency_keys (a SHARE lock lets reads through, not inserts) until `n` calls wait,
 * so they all passed the first look-up and race at the insert; then lets them go. The test database's pool has
 * five connections: the lock, three calls and the look at pg_locks.
 */
async function raceAtTheKey<T>(n: number, start: () => Promise<T>[]): Promise<T[]> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const lock = f.t.db.transaction().execute(async (tx) => {
    await sql`lock table idempotency_keys in share mode`.execute(tx);
    locked();
    await held;
  });
  await isLocked;
  const calls = start();
  // Uploads to one point queue on its row lock before the key; they count as waiting too.
  const waiting = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(f.t.db)).rows[0]!.n);
  try {
    // Up to 20 s: on a loaded machine the calls reach the lock slowly.
    for (let i = 0; i < 800 && (await waiting()) < n; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await waiting()).toBe(n);
  } finally {
    // Always let go: a failed look must fail the test, not leave the calls and the file's teardown waiting forever.
    release();
    await lock;
  }
  return Promise.all(calls);
}

describe('creating a point with an idempotency key', () => {
  it('answers the point the first call made, with the same 201, and leaves one row', async () => {
    const key = randomUUID();
    const body = basePoint(f, 'Comment', { name: 'Repeated create' });
    const first = await post(body, key);
    const again = await post(body, key);
    expect([first.statusCode, again.statusCode], again.body).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect(await pointsNamed('Repeated create')).toEqual([first.json().id]);
    const audit = await f.t.db.selectFrom('audit_trail').select('action').where('entity_id', '=', first.json().id).execute();
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('still makes a point per call without a key (the api/v1 contract is unchanged)', async () => {
    const body = basePoint(f, 'Comment', { name: 'No key' });
    expect((await post(body)).statusCode).toBe(201);
    expect((await post(body)).statusCode).toBe(201);
    expect(await pointsNamed('No key')).toHaveLength(2);
  });

  it('leaves one row when repeats race, each answering the same point', async () => {
    const key = randomUUID();
    const body = basePoint(f, 'Comment', { name: 'Raced create' });
    const answers = await raceAtTheKey(3, () => [post(body, key), post(body, key), post(body, key)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(answers.map((a) => a.json().id));
    expect(ids.size).toBe(1);
    expect(await pointsNamed('Raced create')).toEqual([...ids]);
  });

  it('uploads the files of a multipart create once, also when repeats race: the losers remove what they stored', async () => {
    const key = randomUUID();
    const body = () => multipart({ sourceSystem: 'UI', type: 'Comment', name: 'Create with a file', productCategoryId: f.category }, [pdf('Once.pdf')]);
    const stored = await storedDocumentFiles(f.t);
    const answers = await raceAtTheKey(3, () => [postMultipart(body(), key), postMultipart(body(), key), postMultipart(body(), key)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(answers.map((a) => a.json().documents.map((d: { name: string }) => d.name))).toEqual([['Once.pdf'], ['Once.pdf'], ['Once.pdf']]);
    const again = await postMultipart(body(), key);
    expect(again.json().id).toBe(answers[0]!.json().id);
    expect(await pointsNamed('Create with a file')).toHaveLength(1);
    expect(await documentsNamed('Once.pdf')).toBe(1);
    expect(await storedDocumentFiles(f.t)).toBe(stored + 1);
  });

  it('refuses the same key with a different body (409 naming the key) and keeps the first point as it was', async () => {
    const key = randomUUID();
    const first = await post(basePoint(f, 'Comment', { name: 'Keyed first' }), key);
    expect(first.statusCode).toBe(201);
    const other = await post(basePoint(f, 'Comment', { name: 'Keyed second' }), key);
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json()).toMatchObject({ field: 'Idempotency-Key', message: expect.stringContaining(key) });
    expect(await pointsNamed('Keyed second')).toEqual([]);
    const withFile = await postMultipart(multipart({ sourceSystem: 'UI', type: 'Comment', name: 'Keyed first', productCategoryId: f.category }, [pdf('Extra.pdf')]), key);
    expect([withFile.statusCode, withFile.json().field]).toEqual([409, 'Idempotency-Key']);
    expect(await documentsNamed('Extra.pdf')).toBe(0);
  });

  it('gives another user with the same key a point of its own', async () => {
    const key = randomUUID();
    const body = basePoint(f, 'Comment', { name: 'Same key, two users' });
    const admin = await post(body, key, 'admin');
    const other = await post(body, key, 'distAdmin');
    expect([admin.statusCode, other.statusCode]).toEqual([201, 201]);
    expect(other.json().id).not.toBe(admin.json().id);
    expect((await post(body, key, 'distAdmin')).json().id).toBe(other.json().id);
    expect(await pointsNamed('Same key, two users')).toHaveLength(2);
  });

  it('refuses a role that may not author points before looking at the key, and stores no key', async () => {
    const key = randomUUID();
    const body = basePoint(f, 'Comment', { name: 'Not allowed' });
    for (const who of ['manager', 'inspector', 'distUser', 'nobody'] as const) expect((await post(body, key, who)).statusCode, who).toBe(403);
    expect((await api.trpc('mutation', 'create', { ...body, clientRequestId: key }, 'inspector')).statusCode).toBe(403);
    expect(await f.t.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute()).toEqual([]);
    expect(await pointsNamed('Not allowed')).toEqual([]);
  });

  it('refuses a key that is not 1 to 200 visible ASCII characters, naming the header', async () => {
    for (const key of ['has space', 'x'.repeat(201), 'ä']) {
      const res = await post(basePoint(f, 'Comment', { name: 'Bad key' }), key);
      expect([res.statusCode, res.json().field], key).toEqual([400, 'Idempotency-Key']);
    }
    expect(await pointsNamed('Bad key')).toEqual([]);
  });

  it('answers a 409 when the point the key created was deleted since, rather than a second point', async () => {
    const key = randomUUID();
    const body = basePoint(f, 'Comment', { name: 'Deleted since' });
    const first = await post(body, key);
    expect((await api.call('DELETE', `/api/v1/inspectionPoints/${first.json().id}`)).statusCode).toBe(200);
    const again = await post(body, key);
    expect([again.statusCode, again.json().field]).toEqual([409, 'Idempotency-Key']);
    expect(await pointsNamed('Deleted since')).toHaveLength(1);
  });
});

describe('creating a point over tRPC with clientRequestId', () => {
  it('answers the first point on a repeat and refuses the key with another body, naming clientRequestId', async () => {
    const clientRequestId = randomUUID();
    const body = basePoint(f, 'Comment', { name: 'tRPC keyed' });
    const first = await api.trpc('mutation', 'create', { ...body, clientRequestId });
    const again = await api.trpc('mutation', 'create', { ...body, clientRequestId });
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json().result.data.id).toBe(first.json().result.data.id);
    expect(await pointsNamed('tRPC keyed')).toHaveLength(1);
    const other = await api.trpc('mutation', 'create', { ...body, name: 'tRPC other', clientRequestId });
    expect([other.statusCode, other.json().error.data.field]).toEqual([409, 'clientRequestId']);
    // The same operation as REST: the header with the same key and body answers the same point.
    expect((await post(body, clientRequestId)).json().id).toBe(first.json().result.data.id);
  });

  it('refuses a malformed clientRequestId naming the field', async () => {
    const res = await api.trpc('mutation', 'create', { ...basePoint(f, 'Comment', { name: 'tRPC bad key' }), clientRequestId: '' });
    expect([res.statusCode, res.json().error.data.field]).toEqual([400, 'clientRequestId']);
  });
});

describe('uploading files to a point with an idempotency key', () => {
  it('stores and links a repeated upload once and answers the same documents', async () => {
    const point = await api.create(basePoint(f, 'Comment', { name: 'Upload target' }));
    const key = randomUUID();
    const stored = await storedDocumentFiles(f.t);
    const first = await putFiles(point.id, multipart({}, [pdf('Upload once.pdf')]), key);
    const again = await putFiles(point.id, multipart({}, [pdf('Upload once.pdf')]), key);
    expect([first.statusCode, again.statusCode], again.body).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    expect(await documentsNamed('Upload once.pdf')).toBe(1);
    expect(await storedDocumentFiles(f.t)).toBe(stored + 1);
  });

  it('stores a file once when repeats race', async () => {
    const point = await api.create(basePoint(f, 'Comment', { name: 'Raced upload target' }));
    const key = randomUUID();
    const answers = await raceAtTheKey(3, () => [0, 1, 2].map(() => putFiles(point.id, multipart({}, [pdf('Raced upload.pdf')]), key)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await documentsNamed('Raced upload.pdf')).toBe(1);
  });

  it('without a key, a repeated upload adds the documents again (why the web sends one)', async () => {
    const point = await api.create(basePoint(f, 'Comment', { name: 'Unkeyed upload target' }));
    await putFiles(point.id, multipart({}, [pdf('Twice.pdf')]));
    await putFiles(point.id, multipart({}, [pdf('Twice.pdf')]));
    expect(await documentsNamed('Twice.pdf')).toBe(2);
  });

  it('refuses the key with other files or for another point (409 naming the key)', async () => {
    const a = await api.create(basePoint(f, 'Comment', { name: 'Upload A' }));
    const b = await api.create(basePoint(f, 'Comment', { name: 'Upload B' }));
    const key = randomUUID();
    expect((await putFiles(a.id, multipart({}, [pdf('First file.pdf')]), key)).statusCode).toBe(200);
    const otherFile = await putFiles(a.id, multipart({}, [pdf('First file.pdf', 'other bytes')]), key);
    const otherPoint = await putFiles(b.id, multipart({}, [pdf('First file.pdf')]), key);
    expect([otherFile.statusCode, otherFile.json().field, otherPoint.statusCode, otherPoint.json().field]).toEqual([409, 'Idempotency-Key', 409, 'Idempotency-Key']);
    expect(await documentsNamed('First file.pdf')).toBe(1);
  });
});
