import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStore } from '@tus/file-store';
import { solidPng } from '@insp/db/seed';
import { MAX_OPEN_UPLOADS, openUploadIndex } from './open-uploads.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { signInRoles, type RoleTokens } from '../equipment/equipment.fixtures.test-helpers.js';

let t: TestApp;
let tok: RoleTokens;

beforeAll(async () => {
  t = await createTestApp({}, {});
  tok = await signInRoles(t);
});
afterAll(() => t?.close());

const png = Buffer.from(solidPng(40, 30, [10, 120, 200]));
const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 0, 0, 0]), Buffer.from('WAVEfmt '), Buffer.alloc(28)]);
const b64 = (s: string) => Buffer.from(s).toString('base64');
const tusHeaders = (token: string) => ({ authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' });

/** POST api/v1/uploads: creates an upload; answers the response (Location on 201). */
function create(token: string, size: number, meta: Record<string, string>) {
  const metadata = Object.entries(meta).map(([k, v]) => `${k} ${b64(v)}`).join(',');
  return t.app.inject({ method: 'POST', url: '/api/v1/uploads', headers: { ...tusHeaders(token), 'upload-length': String(size), 'upload-metadata': metadata } });
}
const patch = (token: string, location: string, offset: number, bytes: Buffer) =>
  t.app.inject({ method: 'PATCH', url: location, payload: bytes, headers: { ...tusHeaders(token), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' } });
const head = (token: string, location: string) => t.app.inject({ method: 'HEAD', url: location, headers: tusHeaders(token) });

async function uploadInChunks(token: string, bytes: Buffer, meta: Record<string, string>, chunk: number) {
  const created = await create(token, bytes.length, meta);
  expect(created.statusCode).toBe(201);
  const location = created.headers.location as string;
  let res;
  for (let offset = 0; offset < bytes.length; offset += chunk) res = await patch(token, location, offset, bytes.subarray(offset, offset + chunk));
  return { location, last: res! };
}
const imagesNamed = async (name: string) =>
  t.db.selectFrom('images').select(['id', 'size', 'content_type']).where('original_name', '=', name).execute();

describe('resumable uploads (tus, api/v1/uploads)', () => {
  it('takes a photo in chunks and answers the image id on the last one; the bytes come back whole', async () => {
    const { last } = await uploadInChunks(tok.inspector, png, { kind: 'image', filename: 'chunks.png', idempotencyKey: 'k-chunks' }, 50);
    expect(last.statusCode).toBe(204);
    const id = last.headers['upload-result-id'] as string;
    expect(await imagesNamed('chunks.png')).toEqual([{ id, size: png.length, content_type: 'image/png' }]);
    const file = await t.app.inject({ method: 'GET', url: `/api/v1/images/${id}/file`, headers: { authorization: `Bearer ${tok.inspector}` } });
    expect(file.rawPayload.equals(png)).toBe(true);
  });

  it('resumes an interrupted upload from the offset the server tells', async () => {
    const created = await create(tok.inspector, png.length, { kind: 'image', filename: 'resume.png', idempotencyKey: 'k-resume' });
    const location = created.headers.location as string;
    expect((await patch(tok.inspector, location, 0, png.subarray(0, 70))).statusCode).toBe(204);
    // The connection dropped: the client asks where to go on from.
    const offset = Number((await head(tok.inspector, location)).headers['upload-offset']);
    expect(offset).toBe(70);
    expect(await imagesNamed('resume.png')).toEqual([]);
    // A PATCH from a wrong offset is refused (409) and changes nothing.
    expect((await patch(tok.inspector, location, 10, png.subarray(10))).statusCode).toBe(409);
    const done = await patch(tok.inspector, location, offset, png.subarray(offset));
    expect(done.statusCode).toBe(204);
    expect(await imagesNamed('resume.png')).toEqual([{ id: done.headers['upload-result-id'], size: png.length, content_type: 'image/png' }]);
  });

  it('a voice comment finishes into voice_comments', async () => {
    const { last } = await uploadInChunks(tok.inspector, wav, { kind: 'voice', filename: 'note.wav' }, 20);
    const row = await t.db.selectFrom('voice_comments').select(['content_type', 'size']).where('id', '=', last.headers['upload-result-id'] as string).executeTakeFirstOrThrow();
    expect(row).toEqual({ content_type: 'audio/wav', size: wav.length });
  });

  it("takes Safari's recording (audio in an MP4 of brand iso5) as audio/mp4", async () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypiso5'), Buffer.alloc(12)]);
    const { last } = await uploadInChunks(tok.inspector, mp4, { kind: 'voice', filename: 'voice-comment.m4a' }, 1000);
    const row = await t.db.selectFrom('voice_comments').select('content_type').where('id', '=', last.headers['upload-result-id'] as string).executeTakeFirstOrThrow();
    expect(row.content_type).toBe('audio/mp4');
  });

  it('the same file finished twice under one key is one row with one id', async () => {
    const meta = { kind: 'image', filename: 'twice.png', idempotencyKey: 'k-twice' };
    const first = await uploadInChunks(tok.inspector, png, meta, 1000);
    const again = await uploadInChunks(tok.inspector, png, meta, 1000);
    expect(again.last.headers['upload-result-id']).toBe(first.last.headers['upload-result-id']);
    expect(await imagesNamed('twice.png')).toHaveLength(1);
    // Just finished: a HEAD (the last PATCH's answer was lost) answers its id for a minute, without its parts.
    const justAfter = await head(tok.inspector, first.location);
    expect([justAfter.statusCode, justAfter.headers['upload-result-id']]).toEqual([200, first.last.headers['upload-result-id']]);
  });

  it('finishes a complete upload once when HEADs (or a HEAD and the last PATCH) meet: one row, one id, no 500', async () => {
    const created = await create(tok.inspector, png.length, { kind: 'image', filename: 'raced.png', idempotencyKey: 'k-raced' });
    const location = created.headers.location as string;
    // Every byte arrived but no finish ran (as when the finish failed): the parts file is the whole photo.
    await writeFile(join(t.config.dataDir, 'tus-uploads', location.split('/').pop()!), png);
    const heads = await Promise.all([head(tok.inspector, location), head(tok.inspector, location), head(tok.inspector, location)]);
    expect(heads.map((h) => h.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(heads.map((h) => h.headers['upload-result-id']));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await imagesNamed('raced.png')).toEqual([{ id: [...ids][0], size: png.length, content_type: 'image/png' }]);
    expect((await head(tok.manager, location)).statusCode).toBe(404); // the kept answer is its maker's only

    // The last PATCH and a HEAD sent while its finish runs.
    const next = await create(tok.inspector, png.length, { kind: 'image', filename: 'raced-patch.png', idempotencyKey: 'k-raced-patch' });
    const at = next.headers.location as string;
    await patch(tok.inspector, at, 0, png.subarray(0, 40));
    const last = patch(tok.inspector, at, 40, png.subarray(40));
    const during = [];
    for (let i = 0; i < 5; i++) during.push(await head(tok.inspector, at));
    const patched = await last;
    expect(patched.statusCode).toBe(204);
    // 200 without an id: tus's own HEAD before the last bytes; with an id: during or after the finish.
    for (const h of during) expect(h.statusCode).toBe(200);
    const answered = during.map((h) => h.headers['upload-result-id']).filter((id) => id !== undefined);
    for (const id of answered) expect(id).toBe(patched.headers['upload-result-id']);
    expect(await imagesNamed('raced-patch.png')).toHaveLength(1);
  });

  it(`refuses a user's upload past ${MAX_OPEN_UPLOADS} unfinished ones (429), counting again after a cancel or a finish`, async () => {
    const open = [];
    for (let i = 0; i < MAX_OPEN_UPLOADS; i++) {
      const res = await create(tok.distUser, png.length, { kind: 'image', filename: `open-${i}.png` });
      expect(res.statusCode).toBe(201);
      open.push(res.headers.location as string);
    }
    const refused = await create(tok.distUser, png.length, { kind: 'image', filename: 'one-too-many.png' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, message: expect.stringMatching(/^Too many unfinished uploads: at most 50 at a time\./) });
    // Someone else's count is their own.
    expect((await create(tok.distAdmin, png.length, { kind: 'image', filename: 'other-user.png' })).statusCode).toBe(201);
    // A cancelled upload frees its place, and so does a finished one.
    expect((await t.app.inject({ method: 'DELETE', url: open.pop()!, headers: tusHeaders(tok.distUser) })).statusCode).toBe(204);
    const again = await create(tok.distUser, png.length, { kind: 'image', filename: 'after-cancel.png' });
    expect(again.statusCode).toBe(201);
    expect((await create(tok.distUser, png.length, { kind: 'image', filename: 'full-again.png' })).statusCode).toBe(429);
    expect((await patch(tok.distUser, again.headers.location as string, 0, png)).headers['upload-result-id']).toBeDefined();
    expect((await create(tok.distUser, png.length, { kind: 'image', filename: 'after-finish.png' })).statusCode).toBe(201);

    // After a restart the uploads on disk count: an index read from the store refuses the next one as well.
    const user = await t.db.selectFrom('users').select('id').where('email', '=', 'dist.user@dist.example').executeTakeFirstOrThrow();
    const fresh = openUploadIndex(new FileStore({ directory: join(t.config.dataDir, 'tus-uploads') }));
    await expect(fresh.take(user.id, 'next')).rejects.toMatchObject({ status: 429 });
    await expect(fresh.take('someone-else', 'next')).resolves.toBeUndefined();
  });

  it('refuses a role below User (403), no token (401), and another user continuing an upload (404)', async () => {
    expect((await create(tok.nobody, png.length, { kind: 'image' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/uploads', headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' } })).statusCode).toBe(401);
    const created = await create(tok.inspector, png.length, { kind: 'image', filename: 'mine.png' });
    const location = created.headers.location as string;
    expect((await head(tok.manager, location)).statusCode).toBe(404);
    expect((await patch(tok.manager, location, 0, png)).statusCode).toBe(404);
    expect(await imagesNamed('mine.png')).toEqual([]);
  });

  it("never reaches another user's upload through a query string (tus reads the id from the whole URL)", async () => {
    const theirs = await create(tok.manager, png.length, { kind: 'image', filename: 'theirs.png', idempotencyKey: 'k-theirs' });
    const theirId = (theirs.headers.location as string).split('/').pop()!;
    const mine = await create(tok.inspector, png.length, { kind: 'image', filename: 'mine.png', idempotencyKey: 'k-mine' });
    const sneaky = `${mine.headers.location as string}?x=/${theirId}`;
    const res = await patch(tok.inspector, sneaky, 0, png.subarray(0, 20));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^uploadId: /);
    expect((await t.app.inject({ method: 'HEAD', url: sneaky, headers: tusHeaders(tok.inspector) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url: sneaky, headers: tusHeaders(tok.inspector) })).statusCode).toBe(400);
    expect(Number((await head(tok.manager, theirs.headers.location as string)).headers['upload-offset'])).toBe(0);
  });

  it('refuses a wrong type when finished, and a wrong kind or size when created, naming the field', async () => {
    const pdf = Buffer.from('%PDF-1.4 not an image at all');
    const { last } = await uploadInChunks(tok.inspector, pdf, { kind: 'image', filename: 'x.png' }, 10);
    expect(last.statusCode).toBe(400);
    expect(last.json()).toMatchObject({ field: 'file', message: 'file: Unallowed file type' });
    expect(await imagesNamed('x.png')).toEqual([]);
    const voiceAsImage = await uploadInChunks(tok.inspector, png, { kind: 'voice', filename: 'v.png' }, 1000);
    expect(voiceAsImage.last.json()).toMatchObject({ field: 'file', message: 'file: Unallowed file type' });
    const kind = await create(tok.inspector, 10, { kind: 'video' });
    expect(kind.statusCode).toBe(400);
    expect(kind.json()).toMatchObject({ field: 'kind' });
    // Bytes past the declared length are refused before they are stored.
    const short = await create(tok.inspector, 10, { kind: 'image', filename: 'short.png' });
    expect((await patch(tok.inspector, short.headers.location as string, 0, png)).statusCode).toBe(413);
    expect(Number((await head(tok.inspector, short.headers.location as string)).headers['upload-offset'])).toBe(0);
    const big = await create(tok.inspector, 10 * 1024 * 1024 + 1, { kind: 'voice' });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ field: 'file', message: 'file: larger than 10 MB' });
  });
});

describe('POST api/v1/voicecomment with Idempotency-Key', () => {
  it('a repeat with the same key answers the first id and stores one row', async () => {
    const boundary = '----b';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="keyed.wav"\r\nContent-Type: audio/wav\r\n\r\n`),
      wav,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/voicecomment', payload, headers: { authorization: `Bearer ${tok.inspector}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': 'voice-1' } });
    const a = await send();
    const b = await send();
    expect(a.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    const rows = await t.db.selectFrom('voice_comments').select('id').where('original_name', '=', 'keyed.wav').execute();
    expect(rows).toEqual([a.json()]);
  });
});
