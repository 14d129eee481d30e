import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '@insp/db/seed';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { signInRoles, type RoleTokens } from '../equipment/equipment.fixtures.test-helpers.js';
import { signedImageUrl } from './image-links.js';

let t: TestApp;
let tok: RoleTokens;
let companyId: string;

beforeAll(async () => {
  t = await createTestApp({}, {});
  tok = await signInRoles(t);
  companyId = (await t.db.selectFrom('companies').select('id').where('name', '=', 'Dist Oy').executeTakeFirstOrThrow()).id;
});
afterAll(() => t?.close());

const png = Buffer.from(solidPng(3, 2, [200, 30, 30]));
/** A minimal JPEG header: SOI, a JFIF APP0 segment, a baseline frame header (8 × 5 px, 3 components), EOI. */
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x05, 0x00, 0x08, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9]);

function multipart(files: Array<{ name: string; bytes: Buffer }>) {
  const boundary = '----insp-test-boundary';
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      f.bytes,
      Buffer.from('\r\n'),
    ]),
  );
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (url: string, token: string | undefined, files: Array<{ name: string; bytes: Buffer }>) => {
  const body = multipart(files);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { 'content-type': body.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
};
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('POST api/v1/images', () => {
  it('stores a png judged by its bytes and answers 201 with the id; the file comes back byte for byte', async () => {
    const res = await upload('/api/v1/images', tok.inspector, [{ name: 'photo.jpg', bytes: png }]);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const row = await t.db.selectFrom('images').select(['content_type', 'width', 'height', 'original_name']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ content_type: 'image/png', width: 3, height: 2, original_name: 'photo.jpg' });
    const file = await get(`/api/v1/images/${id}/file`, tok.manager);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);
  });

  it('takes a jpeg, and a photo for a point of an edited inspection', async () => {
    const j = await upload('/api/v1/images', tok.inspector, [{ name: 'a.jpeg', bytes: jpeg }]);
    expect(j.statusCode).toBe(201);
    const row = await t.db.selectFrom('images').select(['content_type', 'width', 'height']).where('id', '=', j.json().id).executeTakeFirstOrThrow();
    expect(row).toEqual({ content_type: 'image/jpeg', width: 8, height: 5 });
    const res = await upload('/api/v1/images/00000000-0000-4000-8000-000000000001/2', tok.inspector, [{ name: 'p.png', bytes: png }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses other types with the spec's 'Unallowed file type', whatever the name says", async () => {
    const res = await upload('/api/v1/images', tok.inspector, [{ name: 'x.png', bytes: Buffer.from('%PDF-1.4 not an image') }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'file', message: 'file: Unallowed file type' });
  });

  it("refuses two files, or none, with 'Only one file allowed at a time'", async () => {
    const two = await upload('/api/v1/images', tok.inspector, [{ name: 'a.png', bytes: png }, { name: 'b.png', bytes: png }]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('file: Only one file allowed at a time');
    expect((await upload('/api/v1/images', tok.inspector, [])).json().message).toBe('file: Only one file allowed at a time');
    const count = await t.db.selectFrom('images').select((eb) => eb.fn.countAll().as('n')).where('original_name', 'in', ['a.png', 'b.png']).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses a caller without a token (401) and level None (403) before reading the body', async () => {
    expect((await upload('/api/v1/images', undefined, [{ name: 'a.png', bytes: png }])).statusCode).toBe(401);
    expect((await upload('/api/v1/images', tok.nobody, [{ name: 'a.png', bytes: png }])).statusCode).toBe(403);
  });
});

describe('GET api/v1/images/{id}/file for distributors', () => {
  it("reads their company's uploads and inspection photos, not another company's or a staff upload", async () => {
    const own = (await upload('/api/v1/images', tok.distUser, [{ name: 'own.png', bytes: png }])).json().id;
    const staff = (await upload('/api/v1/images', tok.inspector, [{ name: 'staff.png', bytes: png }])).json().id;
    const signed = (await upload('/api/v1/images', tok.inspector, [{ name: 'sig.png', bytes: png }])).json().id;
    await t.db.insertInto('inspections').values({ name: 'Dist report', type: 'Daily', inspection_date: new Date(), company_id: companyId, customer_signature_image_id: signed }).execute();
    expect((await get(`/api/v1/images/${own}/file`, tok.distAdmin)).statusCode).toBe(200);
    expect((await get(`/api/v1/images/${signed}/file`, tok.distAdmin)).statusCode).toBe(200);
    expect((await get(`/api/v1/images/${staff}/file`, tok.distAdmin)).statusCode).toBe(404);
    expect((await get(`/api/v1/images/${staff}/file`, tok.manager)).statusCode).toBe(200);
    expect((await get(`/api/v1/images/${staff}/file`)).statusCode).toBe(401);
  });
});

describe('signed image links (report views)', () => {
  it('serves an image to a link the report signed, without a token; a tampered or expired link is refused', async () => {
    const id = (await upload('/api/v1/images', tok.inspector, [{ name: 's.png', bytes: png }])).json().id;
    const link = signedImageUrl(t.config, id);
    const ok = await get(link);
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(png)).toBe(true);
    const other = (await upload('/api/v1/images', tok.inspector, [{ name: 'o.png', bytes: png }])).json().id;
    expect((await get(link.replace(id, other))).statusCode).toBe(401);
    const expired = signedImageUrl(t.config, id, Date.now() - 10 * 3600_000);
    expect((await get(expired)).statusCode).toBe(401);
  });
});

describe('voice comments', () => {
  it('stores a wav recording and plays it back; refuses an image sent as a voice comment', async () => {
    const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 0, 0, 0]), Buffer.from('WAVEfmt '), Buffer.alloc(28)]);
    const res = await upload('/api/v1/voicecomment', tok.inspector, [{ name: 'note.wav', bytes: wav }]);
    expect(res.statusCode).toBe(201);
    const file = await get(`/api/v1/voicecomment/${res.json().id}/file`, tok.inspector);
    expect(file.headers['content-type']).toBe('audio/wav');
    expect(file.rawPayload.equals(wav)).toBe(true);
    expect((await upload('/api/v1/voicecomment', tok.inspector, [{ name: 'x.png', bytes: png }])).statusCode).toBe(400);
    expect((await get(`/api/v1/voicecomment/${res.json().id}/file`, tok.distUser)).statusCode).toBe(404);
  });
});
