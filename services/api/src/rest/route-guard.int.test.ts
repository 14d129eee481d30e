import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Calls made without a token (spec 002 §7) or needed before sign-in; everything else must refuse. */
const PUBLIC = new Set([
  'POST /api/v1/auth/external',
  'GET /api/v1/auth/login',
  'GET /auth/callback',
  'POST /auth/logout',
  'GET /auth/config',
  'PUT /api/v1/externalUsers/:id/password',
  'POST /api/v1/externalUsers/forgotpasswordemail',
  // Reachable by a signed link from a report view (no bearer token on <img>); without token or signature still 401.
  'GET /api/v1/images/:id/file',
  // Local storage's signed download links; without a signature 401.
  'GET /api/v1/files/*',
  // Issue 21: the upload side of local storage's signed links (POST api/v1/file/upload); without a signature 401.
  'PUT /api/v1/files/*',
  // Shared report links (issue 20): the token is the grant; without one (or a malformed one) 401.
  'GET /api/v1/shared/:token',
]);
const SIGNED_LINK = new Set(['GET /api/v1/images/:id/file', 'GET /api/v1/files/*', 'PUT /api/v1/files/*', 'GET /api/v1/shared/:token']);

describe('every REST route', () => {
  it('answers 401 without a token unless it is one of the public calls', async () => {
    const apiRoutes = t.app.routeList.filter((r) => /^\/(api\/v1|auth)\//.test(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(apiRoutes.length).toBeGreaterThan(5);
    for (const r of apiRoutes) {
      const key = `${r.method} ${r.url}`;
      expect(r.public, `${key} public flag`).toBe(PUBLIC.has(key));
      if (r.public && !SIGNED_LINK.has(key)) continue;
      const url = r.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const res = await t.app.inject({ method: r.method as 'GET', url, payload: r.method === 'GET' ? undefined : {} });
      expect(res.statusCode, key).toBe(401);
    }
  });
});

describe('a call without a token', () => {
  it('is refused with 401 before its input is validated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/debugtoken?groups=not-a-group' });
    expect(res.statusCode).toBe(401);
  });
});

describe('paths', () => {
  it('match whatever the casing (the spec writes productFamilies and ProductFamilies)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/PRODUCTFAMILIES' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/productfamilies/query' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/API/V1/NOPE' })).statusCode).toBe(404);
  });
});
