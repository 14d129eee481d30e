import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'insp-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets', 'app-abc123.js.gz'), gzipSync('console.log(1)'));
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Equipment Inspections"}');
  t = await createTestApp({ webDist: dir });
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('serving the web app', () => {
  it('answers every browser route, including the two /auth pages, with index.html', async () => {
    for (const url of ['/', '/Customers/123', '/nosession/SetPassword?userId=a&token=b', '/auth/token?returnTo=%2F', '/auth/logout']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache, and a missing asset as 404 rather than index.html', async () => {
    const asset = await get('/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await get('/assets/app-old999.js')).statusCode).toBe(404);
  });

  it('sends the gzip copy of an asset to a browser that accepts gzip, the plain file to one that does not', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/javascript/);
    expect(gz.headers['cache-control']).toContain('immutable');
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('serves the service worker uncached (a new version is seen at once) and the manifest as application/manifest+json', async () => {
    const sw = await get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-type']).toMatch(/javascript/);
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('keeps API paths out of it: unknown API calls are JSON 404s, API GETs without a token 401', async () => {
    expect((await get('/api/v1/unknown')).json()).toMatchObject({ statusCode: 404 });
    expect((await get('/auth/user')).statusCode).toBe(401);
  });
});
