import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@insp/db/testing';
import { identityTestDatabase, startIdentityApp, takeTurns, TestBrowser, type ListeningApp } from '../../testing/identity-app.js';
import { devClientSecret } from './dev-idp/keys.js';
import { FLOW_COOKIE, openFlow } from './oidc-flow.js';
import { identityPlugins } from './identity.js';

let database: TestDatabase;
let a: ListeningApp;

beforeAll(async () => {
  database = await identityTestDatabase();
  a = await startIdentityApp(database.db);
});
afterAll(async () => {
  await a?.close();
  await database?.destroy();
});

describe('development identity provider', () => {
  it('refuses to start with NODE_ENV=production', async () => {
    await expect(startIdentityApp(database.db, { nodeEnv: 'production' })).rejects.toThrow(/NODE_ENV=production/);
  });

  it('is not mounted when a real issuer is configured', () => {
    const plugins = identityPlugins({ ...a.config, nodeEnv: 'production', oidc: { issuer: 'https://idp.example', clientId: 'c', clientSecret: 's' } }, database.db);
    expect(plugins.map((p) => p.name)).toEqual(['oidcRoutes']);
  });

  it('publishes its discovery document under /dev-idp with PKCE S256, end-session and the groups claim', async () => {
    const doc = (await (await fetch(`${a.origin}/dev-idp/.well-known/openid-configuration`)).json()) as { claims_supported: string[] };
    expect(doc).toMatchObject({
      issuer: `${a.origin}/dev-idp`,
      authorization_endpoint: `${a.origin}/dev-idp/auth`,
      token_endpoint: `${a.origin}/dev-idp/token`,
      end_session_endpoint: `${a.origin}/dev-idp/session/end`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(doc.claims_supported).toEqual(expect.arrayContaining(['email', 'name', 'groups']));
  });

  it('answers an unknown sign-in page with an expiry message', async () => {
    const res = await fetch(`${a.origin}/dev-idp/interaction/nope`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('This sign-in page has expired');
  });

  it('redeems an authorization code once only', async () => {
    const browser = new TestBrowser();
    const signInPage = await browser.visit(`${a.origin}/api/v1/auth/login?email=admin%40company.example`, a.origin);
    const toResume = await browser.request(new URL(/action="([^"]*)"/.exec(signInPage.text)![1], a.origin).href, { form: { email: 'admin@company.example' } });
    const callback = new URL((await browser.request(toResume.location!)).location!);
    const opened = await openFlow(a.config, browser.cookie(FLOW_COOKIE)!.value);
    if (!opened.ok) throw new Error('the flow cookie did not open');
    const { flow } = opened;
    const redeem = () =>
      fetch(`${a.origin}/dev-idp/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`inspections-web:${devClientSecret(a.config)}`).toString('base64')}` },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: callback.searchParams.get('code')!,
          redirect_uri: `${a.origin}/auth/callback`,
          code_verifier: flow.codeVerifier,
        }),
      });
    const first = await redeem();
    expect(first.status).toBe(200);
    expect(await first.json()).toHaveProperty('id_token');
    const second = await redeem();
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('several API processes on one database', () => {
  let b: ListeningApp;
  beforeAll(async () => {
    // A second process behind the same public address, as behind a load balancer.
    b = await startIdentityApp(database.db, { publicUrl: a.origin });
  });
  afterAll(() => b?.close());

  it('sign with the same key, kept in the database', async () => {
    const keysOf = async (app: ListeningApp) => ((await (await fetch(`${app.origin}/dev-idp/jwks`)).json()) as { keys: unknown[] }).keys;
    const keysA = await keysOf(a);
    expect(keysA).toHaveLength(1);
    expect(await keysOf(b)).toEqual(keysA);
  });

  it('finish a sign-in whose steps each land on another process', async () => {
    const browser = new TestBrowser(takeTurns([a.origin, b.origin]));
    const signInPage = await browser.visit(`${a.origin}/api/v1/auth/login?email=admin%40company.example`, a.origin);
    expect(signInPage.text).toContain('Sign in');
    const done = await browser.submit(signInPage, a.origin, { email: 'admin@company.example' });
    expect(new URL(done.location!).pathname).toBe('/auth/token');
    const token = browser.cookie('Token')!.value;
    // Both servers of this test share one Node process; the rows show the state is in the database.
    const stored = await database.db.selectFrom('dev_idp_store').select('model').distinct().execute();
    expect(stored.map((r) => r.model)).toEqual(expect.arrayContaining(['Session', 'Grant', 'AuthorizationCode']));
    for (const app of [a, b]) {
      const group = await fetch(`${app.origin}/auth/group`, { headers: { authorization: `Bearer ${token}` } });
      expect(await group.json()).toEqual({ group: 3, groupName: 'Admin' });
    }
  });
});
