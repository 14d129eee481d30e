import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';
import { verifySignedPath } from './signed-path.js';
import { FileTooLargeError, InvalidKeyError, type Storage } from './types.js';

/**
 * One contract, both back ends: the local folder (embedded default) and S3 (at scale), the latter against s3rver, an
 * S3-compatible server started in this process (no Docker here). Signed URLs are fetched over real HTTP: S3's from
 * s3rver, the local driver's from a small server that checks them with verifySignedPath the way the API's
 * `files/{key}` route does.
 */
interface Backend {
  storage: Storage;
  /** Turns what signedDownloadUrl/signedUploadUrl answered into a URL fetch() can open. */
  absolute(url: string): string;
  /** s3rver checks a V4 presigned URL's expiry but not its signature (its docs: V4 support is incomplete); MinIO and AWS do. */
  checksSignatures: boolean;
  close(): Promise<void>;
}

const BUCKET = 'insp-contract';

async function s3Backend(): Promise<Backend> {
  const dir = await mkdtemp(join(tmpdir(), 'insp-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = (await server.run()) as AddressInfo;
  const storage = createS3Storage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    // s3rver's fixed development credentials
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    storage,
    absolute: (url) => url,
    checksSignatures: false,
    async close() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function localBackend(): Promise<Backend> {
  const dir = await mkdtemp(join(tmpdir(), 'insp-local-contract-'));
  const secret = randomBytes(32);
  const storage = createLocalStorage({ dir, urlSecret: secret });
  const server: Server = createServer(async (req, res) => {
    const grant = verifySignedPath(req.url ?? '', { secret, method: req.method ?? 'GET' });
    if (!grant.ok) return res.writeHead(403).end(grant.reason);
    if (grant.method === 'PUT') {
      if (req.headers['content-type'] !== grant.contentType) return res.writeHead(403).end('content type');
      await storage.put(grant.key, req, { contentType: grant.contentType! });
      return res.writeHead(200).end();
    }
    const file = await storage.get(grant.key);
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.contentType, 'content-length': file.size });
    file.body.pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    storage,
    absolute: (url) => origin + url,
    checksSignatures: true,
    async close() {
      await new Promise((r) => server.close(r));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const readAll = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
};
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** A stream of `total` random bytes in 64 KiB chunks, generated as read (never one buffer). */
function randomStream(total: number): { stream: Readable; hash: () => string } {
  const h = createHash('sha256');
  let left = total;
  const stream = new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const chunk = randomBytes(Math.min(65536, left));
      left -= chunk.length;
      h.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, hash: () => h.digest('hex') };
}

describe.each([
  ['local', localBackend],
  ['s3', s3Backend],
] as const)('storage contract: %s driver', (_name, make) => {
  let b: Backend;
  beforeAll(async () => {
    b = await make();
  });
  afterAll(async () => {
    await b?.close();
  });
  const key = (name: string) => `contract/${randomBytes(6).toString('hex')}/${name}`;

  it('puts bytes and gets them back streamed, with size, sha256 and the content type', async () => {
    const k = key('note.txt');
    const bytes = Buffer.from('Hydraulic hose worn at the boom', 'utf8');
    expect(await b.storage.put(k, bytes, { contentType: 'text/plain; charset=utf-8' })).toEqual({ size: bytes.length, sha256: sha(bytes) });
    const got = await b.storage.get(k);
    expect(got?.contentType).toBe('text/plain; charset=utf-8');
    expect(got?.size).toBe(bytes.length);
    expect(got?.body).toBeInstanceOf(Readable);
    expect(await readAll(got!.body)).toEqual(bytes);
  });

  it('puts a 5 MB stream and reads it back chunk by chunk, the same bytes', async () => {
    const k = key('big.bin');
    const src = randomStream(5 * 1024 * 1024);
    const put = await b.storage.put(k, src.stream, { contentType: 'application/octet-stream', maxBytes: 5 * 1024 * 1024 });
    expect(put).toEqual({ size: 5 * 1024 * 1024, sha256: src.hash() });
    const got = await b.storage.get(k);
    const h = createHash('sha256');
    let chunks = 0;
    for await (const c of got!.body) {
      h.update(c);
      chunks++;
    }
    expect(h.digest('hex')).toBe(put.sha256);
    expect(chunks).toBeGreaterThan(1);
  });

  it('answers null and false for a missing key, and deletes (twice without complaint)', async () => {
    const k = key('gone.pdf');
    expect(await b.storage.get(k)).toBeNull();
    expect(await b.storage.exists(k)).toBe(false);
    await b.storage.put(k, Buffer.from('%PDF-1.7'), { contentType: 'application/pdf' });
    expect(await b.storage.exists(k)).toBe(true);
    await b.storage.delete(k);
    expect(await b.storage.exists(k)).toBe(false);
    expect(await b.storage.get(k)).toBeNull();
    await expect(b.storage.delete(k)).resolves.toBeUndefined();
  });

  it('refuses a body over the size limit and stores nothing, streamed or in bytes', async () => {
    const streamed = key('too-big.bin');
    await expect(b.storage.put(streamed, randomStream(300_000).stream, { contentType: 'application/octet-stream', maxBytes: 100_000 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(await b.storage.exists(streamed)).toBe(false);
    const bytes = key('too-big-bytes.bin');
    await expect(b.storage.put(bytes, randomBytes(2000), { contentType: 'application/octet-stream', maxBytes: 1000 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await b.storage.exists(bytes)).toBe(false);
  });

  it('replaces an object put again under the same key', async () => {
    const k = key('replaced.txt');
    await b.storage.put(k, Buffer.from('first'), { contentType: 'text/plain' });
    await b.storage.put(k, Buffer.from('second version'), { contentType: 'text/csv' });
    const got = await b.storage.get(k);
    expect(got?.contentType).toBe('text/csv');
    expect((await readAll(got!.body)).toString()).toBe('second version');
  });

  it('hands out a download URL that serves the file over HTTP until it expires', async () => {
    const k = key('report.pdf');
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4000)]);
    await b.storage.put(k, bytes, { contentType: 'application/pdf' });
    const url = b.absolute(await b.storage.signedDownloadUrl(k, { expiresInSeconds: 60, fileName: 'Prüfbericht.pdf' }));
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);

    // 3 s, not 1: expiry is counted in whole seconds, so a 1 s link signed late in a second lived a few ms (flaked under load)
    const short = b.absolute(await b.storage.signedDownloadUrl(k, { expiresInSeconds: 3 }));
    expect((await fetch(short)).status).toBe(200);
    await sleep(4100);
    const expired = await fetch(short);
    expect(expired.status).toBe(403);
    await expired.arrayBuffer();

    if (!b.checksSignatures) return;
    // a tampered signature is refused too
    const tampered = new URL(url);
    for (const p of ['X-Amz-Signature', 'sig']) if (tampered.searchParams.has(p)) tampered.searchParams.set(p, tampered.searchParams.get(p)!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')));
    const refused = await fetch(tampered);
    expect(refused.status).toBe(403);
    await refused.arrayBuffer();
  }, 20_000);

  it('lists the objects under a folder, at any depth, and nothing outside it', async () => {
    const folder = key('listing');
    const inside = [`${folder}/a.pdf`, `${folder}/ab/c.pdf`, `${folder}/ab/cd/e.xlsx`];
    for (const [i, k] of inside.entries()) await b.storage.put(k, Buffer.alloc(10 + i), { contentType: 'application/pdf' });
    await b.storage.put(`${folder}x/outside.pdf`, Buffer.from('x'), { contentType: 'application/pdf' });
    const listed = [];
    for await (const o of b.storage.list(`${folder}/`)) listed.push(o);
    expect(listed.sort((x, y) => x.key.localeCompare(y.key))).toEqual(inside.map((k, i) => ({ key: k, size: 10 + i })));
    const none = [];
    for await (const o of b.storage.list(`${key('empty')}/`)) none.push(o);
    expect(none).toEqual([]);
    const drain = async (prefix: string) => {
      for await (const _ of b.storage.list(prefix));
    };
    await expect(drain('../')).rejects.toThrow(InvalidKeyError);
    await expect(drain('contract')).rejects.toThrow(InvalidKeyError);
  });

  it('hands out an upload URL a client PUTs the file to, with the agreed content type', async () => {
    const k = key('upload.png');
    const upload = await b.storage.signedUploadUrl(k, { contentType: 'image/png', expiresInSeconds: 60 });
    const bytes = randomBytes(3000);
    const res = await fetch(b.absolute(upload.url), { method: upload.method, headers: upload.headers, body: bytes });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const got = await b.storage.get(k);
    expect(got?.contentType).toBe('image/png');
    expect(await readAll(got!.body)).toEqual(bytes);
  });
});
