import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { newStorageKey } from './keys.js';
import { createLocalStorage } from './local.js';
import { verifySignedPath } from './signed-path.js';
import { FileTooLargeError, InvalidKeyError } from './types.js';

const base = mkdtempSync(join(tmpdir(), 'insp-storage-test-'));
const dir = join(base, 'files');
const secret = 'local-storage-test-secret-32-chars!!';
const storage = createLocalStorage({ dir, urlSecret: secret });
afterAll(() => rmSync(base, { recursive: true, force: true }));

const sha256Of = (s: string) => createHash('sha256').update(s).digest('hex');

describe('local storage', () => {
  it('stores bytes and gives them back with content type, size and hash', async () => {
    const key = newStorageKey('images', 'png');
    const put = await storage.put(key, Buffer.from('not really a png'), { contentType: 'image/png' });
    expect(put).toEqual({ size: 16, sha256: sha256Of('not really a png') });
    expect(existsSync(join(dir, key))).toBe(true);
    const got = await storage.get(key);
    expect(got).toMatchObject({ contentType: 'image/png', size: 16 });
    expect((await buffer(got!.body)).toString()).toBe('not really a png');
  });

  it('stores a stream', async () => {
    const key = newStorageKey('voice-comments', 'webm');
    const parts = Array.from({ length: 50 }, (_, i) => Buffer.alloc(10_000, i));
    expect((await storage.put(key, Readable.from(parts), { contentType: 'audio/webm' })).size).toBe(500_000);
    expect((await buffer((await storage.get(key))!.body)).equals(Buffer.concat(parts))).toBe(true);
  });

  it('answers null and false for keys that were never stored, and deletes idempotently', async () => {
    const key = newStorageKey('images', 'png');
    expect(await storage.get(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
    await storage.put(key, Buffer.from('x'), { contentType: 'image/png' });
    expect(await storage.exists(key)).toBe(true);
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
  });

  it('replaces a file whole', async () => {
    const key = newStorageKey('reports', 'pdf');
    await storage.put(key, Buffer.from('first version'), { contentType: 'application/pdf' });
    await storage.put(key, Buffer.from('second'), { contentType: 'application/pdf' });
    const got = await storage.get(key);
    expect((await buffer(got!.body)).toString()).toBe('second');
    expect(got!.size).toBe(6);
  });

  it('does not show a file until it is completely written', async () => {
    const key = newStorageKey('documents', 'pdf');
    const source = new PassThrough();
    const writing = storage.put(key, source, { contentType: 'application/pdf' });
    source.write(Buffer.alloc(100_000, 1));
    await new Promise((r) => setTimeout(r, 50));
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    source.end(Buffer.alloc(100_000, 2));
    await writing;
    expect((await storage.get(key))!.size).toBe(200_000);
  });

  it('rejects a file over the size limit and leaves nothing behind', async () => {
    const key = newStorageKey('images', 'jpg');
    const big = Readable.from(Array.from({ length: 20 }, () => Buffer.alloc(1000)));
    await expect(storage.put(key, big, { contentType: 'image/jpeg', maxBytes: 5000 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await storage.exists(key)).toBe(false);
    expect(readdirSync(join(dir, '.tmp'))).toEqual([]);
  });

  it.each(['../outside.txt', '/tmp/outside.txt', 'images/../../outside.txt', '.meta/x.json', 'images\\..\\..\\x'])(
    'refuses key %j in every operation',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.signedDownloadUrl(key, { expiresInSeconds: 60 })).rejects.toBeInstanceOf(InvalidKeyError);
      expect(existsSync(join(base, 'outside.txt'))).toBe(false);
    },
  );

  it('signs download and upload paths that the API can verify', async () => {
    const key = newStorageKey('reports', 'pdf');
    const url = await storage.signedDownloadUrl(key, { expiresInSeconds: 300, fileName: 'Report 7.pdf' });
    expect(url.startsWith(`/api/v1/files/${key}?`)).toBe(true);
    expect(verifySignedPath(url, { secret, method: 'GET' })).toMatchObject({ ok: true, key, fileName: 'Report 7.pdf' });
    expect(verifySignedPath(url, { secret, method: 'GET', now: new Date(Date.now() + 301_000) })).toEqual({ ok: false, reason: 'expired' });

    const upload = await storage.signedUploadUrl(key, { contentType: 'image/png', expiresInSeconds: 60 });
    expect(upload).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/png' } });
    expect(verifySignedPath(upload.url, { secret, method: 'PUT' })).toMatchObject({ ok: true, key, contentType: 'image/png' });
  });

  it('makes absolute URLs when given the public address', async () => {
    const s = createLocalStorage({ dir, urlSecret: secret, publicUrl: 'https://insp.example/' });
    const url = await s.signedDownloadUrl('reports/x.pdf', { expiresInSeconds: 60 });
    expect(url).toMatch(/^https:\/\/insp\.example\/api\/v1\/files\/reports\/x\.pdf\?expires=\d+&sig=/);
  });
});
