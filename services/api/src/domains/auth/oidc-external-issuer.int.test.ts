import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@insp/db/testing';
import { identityTestDatabase, startIdentityApp, TestBrowser, type ListeningApp } from '../../testing/identity-app.js';
import { devClientSecret } from './dev-idp/keys.js';

// The product configured with OIDC_ISSUER and friends, signing in at an issuer that is another server with
// its own storage (here a development provider in a second app, both behind one address split by path).
let idpDatabase: TestDatabase;
let productDatabase: TestDatabase;
let idp: ListeningApp;
let product: ListeningApp;

beforeAll(async () => {
  idpDatabase = await identityTestDatabase();
  productDatabase = await createTestDatabase();
  idp = await startIdentityApp(idpDatabase.db);
  product = await startIdentityApp(productDatabase.db, {
    publicUrl: idp.origin,
    oidc: { issuer: `${idp.origin}/dev-idp`, clientId: 'inspections-web', clientSecret: devClientSecret(idp.config) },
  });
});
afterAll(async () => {
  await product?.close();
  await idp?.close();
  await productDatabase?.destroy();
  await idpDatabase?.destroy();
});

it('signs staff in at a configured external issuer through the same client code, groups from the groups claim', async () => {
  expect((await fetch(`${product.origin}/dev-idp/.well-known/openid-configuration`)).status).toBe(404);

  const origins = [idp.origin, product.origin];
  const browser = new TestBrowser({ origins, pick: (url) => (url.pathname.startsWith('/dev-idp/') ? idp.origin : product.origin) });
  const signInPage = await browser.visit(`${idp.origin}/api/v1/auth/login?email=manager%40company.example`, idp.origin);
  expect(signInPage.text).toContain('value="manager@company.example"');
  const done = await browser.submit(signInPage, idp.origin, { email: 'manager@company.example' });
  const handOver = new URL(done.location!);
  expect(handOver.pathname + handOver.search).toBe('/auth/token?returnTo=%2F');

  const token = browser.cookie('Token')!.value;
  const auth = { authorization: `Bearer ${token}` };
  expect(await (await fetch(`${product.origin}/auth/group`, { headers: auth })).json()).toEqual({ group: 2, groupName: 'Manager' });
  const user = await productDatabase.db.selectFrom('users').select(['kind', 'name', 'idp_groups']).where('email', '=', 'manager@company.example').executeTakeFirstOrThrow();
  expect(user).toEqual({ kind: 'staff', name: 'Max Manager', idp_groups: ['manager'] });

  const { redirectTo } = (await (await fetch(`${product.origin}/auth/logout`, { method: 'POST', headers: auth })).json()) as { redirectTo: string };
  expect(redirectTo.startsWith(`${idp.origin}/dev-idp/session/end?`)).toBe(true);
});
