import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { TestDatabase } from '@insp/db/testing';
import { identityTestDatabase, startIdentityApp, TestBrowser, type ListeningApp } from '../../testing/identity-app.js';

let database: TestDatabase;
let server: ListeningApp;
let origin: string;

beforeAll(async () => {
  database = await identityTestDatabase();
  server = await startIdentityApp(database.db);
  origin = server.origin;
});
afterAll(async () => {
  await server?.close();
  await database?.destroy();
});

const loginUrl = (query: Record<string, string>) => `${origin}/api/v1/auth/login?${new URLSearchParams(query)}`;

/** From the login screen's Continue to the hand-over to /auth/token, as a browser goes. */
async function signIn(browser: TestBrowser, email: string, query: Record<string, string> = { email }) {
  const signInPage = await browser.visit(loginUrl(query), origin);
  expect(signInPage.url).toMatch(new RegExp(`^${origin}/dev-idp/interaction/`));
  return browser.submit(signInPage, origin, { email });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (path: string, token: string) => fetch(`${origin}${path}`, { headers: bearer(token) });

describe('staff sign-in through the development identity provider', () => {
  it('shows a sign-in page with an Email field prefilled from the login hint and a Sign in button', async () => {
    const page = await new TestBrowser().visit(loginUrl({ email: 'admin@company.example' }), origin);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<label for="email">Email<\/label>/);
    expect(page.text).toMatch(/<input id="email" name="email" type="email"[^>]*value="admin@company.example"/);
    expect(page.text).toMatch(/<button type="submit">Sign in<\/button>/);
  });

  it('ends with a short-lived Token cookie whose bearer reads the user and level 3 from the group admin', async () => {
    const browser = new TestBrowser();
    const done = await signIn(browser, 'admin@company.example', { email: 'admin@company.example', returnTo: '/Customers?x=1' });
    expect(done.status).toBe(302);
    expect(done.location).toBe(`${origin}/auth/token?returnTo=${encodeURIComponent('/Customers?x=1')}`);
    const token = browser.cookie('Token')!;
    expect(token).toMatchObject({ path: '/', httpOnly: false, maxAge: 60, sameSite: 'Lax' });

    const user = await get('/auth/user', token.value);
    expect(await user.json()).toMatchObject({ email: 'admin@company.example', name: 'Ada Admin', externalUser: false });
    expect(await (await get('/auth/group', token.value)).json()).toEqual({ group: 3, groupName: 'Admin' });
  });

  it('keeps the verified ID token with email, name and groups for the later logout', async () => {
    const browser = new TestBrowser();
    await signIn(browser, 'manager@company.example');
    const row = await database.db
      .selectFrom('auth_sessions')
      .innerJoin('users', 'users.id', 'auth_sessions.user_id')
      .select(['auth_sessions.id_token', 'users.idp_groups'])
      .where('users.email', '=', 'manager@company.example')
      .executeTakeFirstOrThrow();
    expect(row.idp_groups).toEqual(['manager']);
    expect(decodeJwt(row.id_token!)).toMatchObject({
      iss: `${origin}/dev-idp`,
      aud: 'inspections-web',
      email: 'manager@company.example',
      name: 'Max Manager',
      groups: ['manager'],
    });
  });

  it('refuses an e-mail the provider does not know with a visible error and stays on its page', async () => {
    const browser = new TestBrowser();
    const signInPage = await browser.visit(loginUrl({ email: 'nobody@company.example' }), origin);
    const refused = await browser.submit(signInPage, origin, { email: 'nobody@company.example' });
    expect(refused.status).toBe(200);
    expect(refused.location).toBeNull();
    expect(refused.text).toMatch(/role="alert">No account found for nobody@company.example\.</);
    expect(refused.text).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(browser.cookie('Token')).toBeUndefined();
  });

  it('lets nobody outside the company domain finish: back to the login screen, no token, no account', async () => {
    const browser = new TestBrowser();
    const done = await signIn(browser, 'outsider@other.example', {});
    expect(done.location).toBe(`${origin}/?loginError=not_company_email`);
    expect(browser.cookie('Token')).toBeUndefined();
    const users = await database.db.selectFrom('users').select('id').where('email', '=', 'outsider@other.example').execute();
    expect(users).toEqual([]);
  });

  it('never turns a distributor account into staff, even with a company e-mail', async () => {
    await database.db.insertInto('users').values({ kind: 'distributor', email: 'partner@company.example', name: 'Partner' }).execute();
    await database.db.insertInto('dev_idp_accounts').values({ email: 'partner@company.example', name: 'Partner', groups: ['admin'] }).execute();
    const browser = new TestBrowser();
    const done = await signIn(browser, 'partner@company.example');
    expect(done.location).toBe(`${origin}/?loginError=not_staff_account`);
    expect(browser.cookie('Token')).toBeUndefined();
    const user = await database.db.selectFrom('users').select(['kind', 'idp_groups']).where('email', '=', 'partner@company.example').executeTakeFirstOrThrow();
    expect(user).toEqual({ kind: 'distributor', idp_groups: [] });
  });

  it('sends a non-company e-mail typed on the login screen back to it without visiting the provider', async () => {
    const page = await new TestBrowser().request(loginUrl({ email: 'someone@other.example' }));
    expect(page.status).toBe(302);
    expect(page.location).toBe(`${origin}/?loginError=not_company_email`);
  });

  it('applies groups changed at the provider at the next sign-in', async () => {
    const before = await signInAndToken('manager@company.example');
    expect(await (await get('/auth/group', before)).json()).toEqual({ group: 2, groupName: 'Manager' });
    await database.db.updateTable('dev_idp_accounts').set({ groups: ['inspection'] }).where('email', '=', 'manager@company.example').execute();
    const after = await signInAndToken('manager@company.example');
    expect(await (await get('/auth/group', after)).json()).toEqual({ group: 1, groupName: 'User' });
    await database.db.updateTable('dev_idp_accounts').set({ groups: ['manager'] }).where('email', '=', 'manager@company.example').execute();
  });

  it('asks to sign in again when the login hint names another account than the one signed in at the provider', async () => {
    const browser = new TestBrowser();
    await signIn(browser, 'admin@company.example');
    const page = await browser.visit(loginUrl({ email: 'manager@company.example' }), origin);
    expect(page.url).toMatch(/\/dev-idp\/interaction\//);
    expect(page.text).toContain('value="manager@company.example"');
  });

  it('signs in again without a form while the provider session lasts and the hint matches', async () => {
    const browser = new TestBrowser();
    await signIn(browser, 'admin@company.example');
    const again = await browser.visit(loginUrl({ email: 'admin@company.example' }), origin);
    expect(again.location).toMatch(new RegExp(`^${origin}/auth/token\\?returnTo=%2F$`));
  });
});

describe('sign-in safety', () => {
  it.each(['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])(
    'does not follow returnTo=%s out of the site but returns to /',
    async (returnTo) => {
      const browser = new TestBrowser();
      const done = await signIn(browser, 'admin@company.example', { email: 'admin@company.example', returnTo });
      expect(done.location).toBe(`${origin}/auth/token?returnTo=%2F`);
    },
  );

  it('refuses a callback replayed in another browser (no sign-in cookie there), saying the flow is missing in this tab', async () => {
    const browser = new TestBrowser();
    const signInPage = await browser.visit(loginUrl({ email: 'admin@company.example' }), origin);
    const form = /action="([^"]*)"/.exec(signInPage.text)![1];
    const toProvider = await browser.request(new URL(form, origin).href, { form: { email: 'admin@company.example' } });
    const toCallback = await browser.request(toProvider.location!);
    expect(toCallback.location).toMatch(/\/auth\/callback\?code=/);

    const other = await new TestBrowser().request(toCallback.location!);
    expect(other.location).toBe(`${origin}/?loginError=flow_missing`);
    expect((await browser.request(toCallback.location!)).location).toMatch(/\/auth\/token\?/);
  });

  it('refuses a callback whose state does not match the sign-in this browser started', async () => {
    const victim = new TestBrowser();
    const victimPage = await victim.visit(loginUrl({ email: 'admin@company.example' }), origin);
    const attacker = new TestBrowser();
    const attackerDone = await attacker.request(
      new URL(/action="([^"]*)"/.exec((await attacker.visit(loginUrl({ email: 'manager@company.example' }), origin)).text)![1], origin).href,
      { form: { email: 'manager@company.example' } },
    );
    const attackerCallback = (await attacker.request(attackerDone.location!)).location!;
    expect(victimPage.status).toBe(200);
    const forced = await victim.request(attackerCallback);
    expect(forced.location).toBe(`${origin}/?loginError=flow_missing`);
    expect(victim.cookie('Token')).toBeUndefined();
  });
});

describe('staff sign-in opened at another address than PUBLIC_URL', () => {
  // The app's PUBLIC_URL is http://127.0.0.1:<port>; the same server also answers at localhost:<port>.
  const elsewhere = () => origin.replace('127.0.0.1', 'localhost');

  it('sends the browser to the same login call on PUBLIC_URL first, keeping e-mail and return path', async () => {
    const page = await new TestBrowser().request(`${elsewhere()}/api/v1/auth/login?email=admin%40company.example&returnTo=%2FCustomers`);
    expect(page.status).toBe(302);
    expect(page.location).toBe(`${origin}/api/v1/auth/login?email=admin%40company.example&returnTo=%2FCustomers&atPublicUrl=1`);
  });

  it('never redirects to a host taken from the request headers', async () => {
    const res = await fetch(`${origin}/api/v1/auth/login?email=admin%40company.example`, {
      redirect: 'manual',
      headers: { 'x-forwarded-host': 'evil.example' },
    });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!).origin).toBe(origin);
  });

  it('signs in from the other address and ends on PUBLIC_URL with a token', async () => {
    const browser = new TestBrowser();
    const signInPage = await browser.visit(`${elsewhere()}/api/v1/auth/login?email=admin%40company.example&returnTo=%2FCustomers`, origin);
    expect(signInPage.url).toMatch(new RegExp(`^${origin}/dev-idp/interaction/`));
    const done = await browser.submit(signInPage, origin, { email: 'admin@company.example' });
    expect(done.location).toBe(`${origin}/auth/token?returnTo=%2FCustomers`);
    expect(browser.cookie('Token')).toBeDefined();
  });

  it('does not hop again after the hop, so a proxy that hides the public address cannot loop', async () => {
    const page = await new TestBrowser().request(`${elsewhere()}/api/v1/auth/login?email=admin%40company.example&atPublicUrl=1`);
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/\/dev-idp\/auth\?/);
  });
});

describe('logout', () => {
  it('revokes the token and sends the browser through the provider end-session back to the start page', async () => {
    const browser = new TestBrowser();
    await signIn(browser, 'admin@company.example');
    const token = browser.cookie('Token')!.value;

    const out = await fetch(`${origin}/auth/logout`, { method: 'POST', headers: bearer(token) });
    const { redirectTo } = (await out.json()) as { redirectTo: string };
    const endSession = new URL(redirectTo);
    expect(endSession.origin + endSession.pathname).toBe(`${origin}/dev-idp/session/end`);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${origin}/`);
    expect(endSession.searchParams.get('id_token_hint')).toMatch(/^ey/);
    expect((await get('/auth/user', token)).status).toBe(401);

    // The provider's confirmation page submits itself (a browser runs its script; this one submits the form).
    const confirm = await browser.visit(redirectTo, origin);
    expect(confirm.text).toContain("document.getElementById('op.logoutForm').submit()");
    const end = await browser.submit(confirm, origin);
    expect(end.location).toBe(`${origin}/`);

    // The provider session is over too: the next sign-in asks for the e-mail again.
    const next = await browser.visit(loginUrl({ email: 'admin@company.example' }), origin);
    expect(next.url).toMatch(/\/dev-idp\/interaction\//);
  });
});

async function signInAndToken(email: string) {
  const browser = new TestBrowser();
  await signIn(browser, email);
  return browser.cookie('Token')!.value;
}
