import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageOf } from '../../lib/storage.js';
import { createTestApp, signInUsers, type TestApp } from '../../testing/test-app.js';

/**
 * Spec 001's pre-signed upload at scale (S3 storage, here s3rver over real HTTP): field clients count only a 201 as
 * success, and an S3 PUT answers 200. The upload link is the API's own signed PUT whatever the storage, so it answers
 * 201 and judges the bytes before they reach the bucket.
 */
const BUCKET = 'insp-file-upload';
let t: TestApp;
let s3: S3rver;
let dir: string;
let token: string;
const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.from('IHDR'), Buffer.alloc(64)]);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'insp-s3rver-upload-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = (await s3.run()) as AddressInfo;
  // s3rver's fixed development credentials, read by the S3 client when the storage is made (restored after)
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  t = await createTestApp({ storage: { driver: 's3', bucket: BUCKET, region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true } });
  const company = (await t.db.insertInto('companies').values({ name: 'Nordic' }).returning('id').executeTakeFirstOrThrow()).id;
  ({ distadmin: token } = await signInUsers(t, [
    { kind: 'distributor', email: 'distadmin@distributor.example', name: 'Dist admin', company_id: company, distributor_admin: true, expires_at: new Date(Date.now() + 86_400_000) },
  ]) as { distadmin: string });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
  for (const [k, v] of [['AWS_ACCESS_KEY_ID', saved.id], ['AWS_SECRET_ACCESS_KEY', saved.secret]] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('POST api/v1/file/upload with S3 storage', () => {
  it('hands out the API\'s signed PUT, which answers 201 and puts the file into the bucket', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/file/upload', headers: { authorization: `Bearer ${token}` }, payload: { files: ['wear.png'] } });
    expect(res.statusCode, res.body).toBe(201);
    const [f] = res.json().files;
    const upload = new URL(f.uploadUrl);
    expect(upload.origin).toBe(new URL(t.config.publicUrl).origin);
    expect(f.headers).toEqual({ 'Content-Type': 'image/png' });
    // the read link is the bucket's own pre-signed GET
    expect(new URL(f.readUrl).origin).toBe(new URL((t.config.storage as { endpoint: string }).endpoint).origin);

    const wrong = await t.app.inject({ method: 'PUT', url: upload.pathname + upload.search, headers: { 'content-type': 'image/png' }, payload: Buffer.from('%PDF-1.7 not a png') });
    expect(wrong.json()).toMatchObject({ statusCode: 400, field: 'file' });
    expect(await storageOf(t.config).exists(f.uploadId)).toBe(false);

    const put = await t.app.inject({ method: 'PUT', url: upload.pathname + upload.search, headers: { 'content-type': 'image/png', 'x-ms-blob-type': 'BlockBlob' }, payload: png });
    expect(put.statusCode, put.body).toBe(201);
    const read = await fetch(f.readUrl);
    expect(read.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await read.arrayBuffer()), png)).toBe(0);
  });
});
