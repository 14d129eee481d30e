import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { sql } from 'kysely';
import { PASSWORD_RULE } from '@insp/contracts';
import { createTestApp, type TestApp, anonymousContext } from '../../testing/test-app.js';
import { sendPasswordLink } from './password.service.js';

let t: TestApp;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  const c = await t.db.insertInto('companies').values({ name: 'Dist Oy' }).returning('id').executeTakeFirstOrThrow();
  const u = await t.db
    .insertInto('users')
    .values({ kind: 'distributor', email: 'new.user@dist.example', name: 'New User', company_id: c.id, expires_at: new Date(Date.now() + 86400_000), password_hash: await hash('Old-password-1') })
    .returning('id')
    .executeTakeFirstOrThrow();
  userId = u.id;
  await t.db.insertInto('users').values({ kind: 'staff', email: 'staff@company.example', name: 'Staff', idp_groups: ['admin'] }).execute();
});
afterAll(() => t?.close());

const emailJobs = () =>
  t.db.selectFrom('outbox').select(['payload', 'idempotency_key']).where('name', '=', 'email.send').orderBy('id').execute();

/** The link a queued e-mail carries, split into userId and token. */
async function linkFromLastEmail() {
  const jobs = await emailJobs();
  const payload = jobs.at(-1)!.payload as { params: { link: string } };
  const url = new URL(payload.params.link);
  return { url, userId: url.searchParams.get('userId')!, token: url.searchParams.get('token')! };
}

const forgot = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/externalUsers/forgotpasswordemail', payload });
const setPw = (id: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/v1/externalUsers/${id}/password`, payload });
const login = (password: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/external', payload: { email: 'new.user@dist.example', password } });

describe('forgot-password e-mail', () => {
  it('queues a reset e-mail with a set-password link for a distributor, without a token', async () => {
    const before = (await emailJobs()).length;
    const res = await forgot({ email: 'New.User@dist.example' });
    expect(res.statusCode).toBe(200);
    const jobs = await emailJobs();
    expect(jobs.length).toBe(before + 1);
    expect(jobs.at(-1)!.payload).toMatchObject({ template: 'password-reset', to: 'new.user@dist.example', params: { name: 'New User' } });
    const { url } = await linkFromLastEmail();
    expect(url.origin + url.pathname).toBe('http://localhost:3000/nosession/SetPassword');
    expect(url.searchParams.get('userId')).toBe(userId);
  });

  it('also accepts the user id (the resend button of the set-password screen)', async () => {
    const before = (await emailJobs()).length;
    expect((await forgot({ id: userId })).statusCode).toBe(200);
    expect((await emailJobs()).length).toBe(before + 1);
  });

  it('answers the same for an unknown e-mail and a staff e-mail, and queues nothing', async () => {
    const before = (await emailJobs()).length;
    const unknown = await forgot({ email: 'nobody@dist.example' });
    const staff = await forgot({ email: 'staff@company.example' });
    expect([unknown.statusCode, staff.statusCode]).toEqual([200, 200]);
    expect(unknown.body).toBe(staff.body);
    expect((await emailJobs()).length).toBe(before);
  });

  it('answers 400 naming the field without id or e-mail', async () => {
    const res = await forgot({});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/email/);
  });
});

describe('set password', () => {
  it('sets the password with the e-mailed token once, ends other sessions, and the token cannot be reused', async () => {
    const oldSession = (await login('Old-password-1')).json().accessToken;
    await forgot({ email: 'new.user@dist.example' });
    const link = await linkFromLastEmail();
    const res = await setPw(link.userId, { password: 'New-password-1', token: link.token });
    expect(res.statusCode).toBe(200);
    expect((await login('New-password-1')).statusCode).toBe(200);
    expect((await login('Old-password-1')).statusCode).toBe(401);
    const old = await t.app.inject({ method: 'GET', url: '/auth/user', headers: { authorization: `Bearer ${oldSession}` } });
    expect(old.statusCode).toBe(401);
    const again = await setPw(link.userId, { password: 'Other-password-1', token: link.token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ field: 'token' });
  });

  it('refuses an expired token', async () => {
    await forgot({ email: 'new.user@dist.example' });
    const link = await linkFromLastEmail();
    await t.db.updateTable('auth_tokens').set({ expires_at: sql`now() - interval '1 minute'` }).where('used_at', 'is', null).execute();
    expect((await setPw(link.userId, { password: 'New-password-2', token: link.token })).statusCode).toBe(400);
  });

  it("refuses a token used for another user's id", async () => {
    const other = await t.db.insertInto('users').values({ kind: 'distributor', email: 'other@dist.example', name: 'Other' }).returning(['id', 'email', 'name']).executeTakeFirstOrThrow();
    await forgot({ email: 'new.user@dist.example' });
    const link = await linkFromLastEmail();
    expect((await setPw(other.id, { password: 'New-password-3', token: link.token })).statusCode).toBe(400);
    // and the token still works for its own user
    expect((await setPw(link.userId, { password: 'New-password-3', token: link.token })).statusCode).toBe(200);
  });

  it('answers 400 naming the password field for a weak password and changes nothing', async () => {
    await forgot({ email: 'new.user@dist.example' });
    const link = await linkFromLastEmail();
    const res = await setPw(link.userId, { password: 'short1A', token: link.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('password');
    expect(res.json().message).toMatch(/^password: must be at least 9 characters long/);
    // the example the set-password form's hint gives (contracts PASSWORD_RULE) is accepted by the server
    expect((await setPw(link.userId, { password: PASSWORD_RULE.example, token: link.token })).statusCode).toBe(200);
  });

  it('queues exactly one e-mail per link even when the same link is queued twice', async () => {
    const user = { id: userId, email: 'new.user@dist.example', name: 'New User' };
    const ctx = anonymousContext(t);
    await sendPasswordLink(ctx, user, 'set-password');
    const keys = (await emailJobs()).map((j) => j.idempotency_key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
