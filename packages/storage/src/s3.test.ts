import { describe, expect, it } from 'vitest';
import { createStorage } from './create.js';
import { createS3Storage } from './s3.js';
import { InvalidKeyError } from './types.js';

// Presigning is computed locally from the credentials, so URL building is tested here without a server;
// put/get/delete/exists and the URLs fetched over HTTP are in storage.contract.int.test.ts (against s3rver).
const credentials = { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'example-secret-key' };
const minio = createS3Storage({ bucket: 'insp-files', region: 'us-east-1', endpoint: 'http://127.0.0.1:1', forcePathStyle: true, credentials });
const aws = createS3Storage({ bucket: 'insp-files', region: 'eu-north-1', forcePathStyle: false, credentials });
const key = 'reports/2026-11/0123456789abcdef0123456789abcdef.pdf';

describe('S3 storage URLs', () => {
  it('presigns path-style downloads on a custom endpoint with expiry and a download name', async () => {
    const url = new URL(await minio.signedDownloadUrl(key, { expiresInSeconds: 300, fileName: 'Prüfbericht 7.pdf' }));
    expect(`${url.origin}${url.pathname}`).toBe(`http://127.0.0.1:1/insp-files/${key}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AKIAEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('response-content-disposition')).toBe(
      `attachment; filename="Pr_fbericht 7.pdf"; filename*=UTF-8''Pr%C3%BCfbericht%207.pdf`,
    );
  });

  it('signs for the public endpoint when browsers reach the service elsewhere than the processes (compose)', async () => {
    const compose = createS3Storage({ bucket: 'insp-files', region: 'us-east-1', endpoint: 'http://minio:9000', publicEndpoint: 'http://localhost:9000', forcePathStyle: true, credentials });
    expect(new URL(await compose.signedDownloadUrl(key, { expiresInSeconds: 60 })).origin).toBe('http://localhost:9000');
    expect(new URL((await compose.signedUploadUrl(key, { contentType: 'image/png', expiresInSeconds: 60 })).url).origin).toBe('http://localhost:9000');
  });

  it('presigns virtual-hosted URLs on AWS', async () => {
    const url = new URL(await aws.signedDownloadUrl(key, { expiresInSeconds: 60 }));
    expect(`${url.origin}${url.pathname}`).toBe(`https://insp-files.s3.eu-north-1.amazonaws.com/${key}`);
    expect(url.searchParams.has('response-content-disposition')).toBe(false);
  });

  it('caps expiry at the seven days SigV4 allows', async () => {
    const url = new URL(await aws.signedDownloadUrl(key, { expiresInSeconds: 30 * 24 * 3600 }));
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(7 * 24 * 3600));
  });

  it('presigns uploads with the content type signed and no checksum a browser cannot send', async () => {
    const upload = await minio.signedUploadUrl(key, { contentType: 'application/pdf', expiresInSeconds: 120 });
    expect(upload.method).toBe('PUT');
    expect(upload.headers).toEqual({ 'Content-Type': 'application/pdf' });
    const url = new URL(upload.url);
    expect(url.pathname).toBe(`/insp-files/${key}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
    expect([...url.searchParams.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
  });

  it('refuses unsafe keys before any request is made', async () => {
    for (const bad of ['../x', '/abs/x', 'a//b']) {
      await expect(minio.put(bad, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(minio.get(bad)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(minio.exists(bad)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(minio.delete(bad)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(minio.signedUploadUrl(bad, { contentType: 'text/plain', expiresInSeconds: 60 })).rejects.toBeInstanceOf(InvalidKeyError);
    }
  });
});

describe('createStorage', () => {
  it('picks the adapter from the configuration', () => {
    expect(createStorage({ driver: 'local', dir: '/tmp/insp-unused' }, { urlSecret: 'x'.repeat(32) }).driver).toBe('local');
    expect(createStorage({ driver: 's3', bucket: 'b', region: 'us-east-1', forcePathStyle: true }, { urlSecret: 'x'.repeat(32) }).driver).toBe('s3');
  });
});
