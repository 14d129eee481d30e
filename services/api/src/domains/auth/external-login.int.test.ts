import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let companyId: string;

beforeAll(async () => {
  t = await createTestApp();
  const c = await t.db.insertInto('companies').values({ name: 'Dist Oy' }).returning('id').executeTakeFirstOrThrow();
  companyId = c.id;
  const passwordHash = await hash('Distributor-1');
  await t.db
    .insertInto('users')
    .values([
      { kind: 'distributor', email: 'd.admin@dist.example', name: 'D Admin', company_id: companyId, distributor_admin: true, password_hash: passwordHash, expires_at: new Date(Date.now() + 86400_000) },
      { kind: 'distributor', email: 'd.old@dist.example', name: 'D Old', company_id: companyId, password_hash: passwordHash, expires_at: new Date(Date.now() - 1000) },
      { kind: 'staff', email: 'boss@company.example', name: 'Boss', idp_groups: ['admin'], account_flags: ['Developer'] },
    ])
    .execute();
});
afterAll(() => t?.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/external', payload: { email, password }, headers: { 'x-forwarded-for': ip } });

describe('POST /api/v1/auth/external', () => {
  it('answers an access token for a distributor with the right password, and the token reads the session', async () => {
    const res = await login('D.Admin@dist.example', 'Distributor-1');
    expect(res.statusCode).toBe(200);
    const { accessToken } = res.json();
    const auth = { authorization: `Bearer ${accessToken}` };
    const user = await t.app.inject({ method: 'GET', url: '/auth/user', headers: auth });
    expect(user.json()).toMatchObject({ email: 'd.admin@dist.example', externalUser: true, externalUserDistributorAdmin: true, externalUserCompany: { id: companyId, name: 'Dist Oy' } });
    const group = await t.app.inject({ method: 'GET', url: '/auth/group', headers: auth });
    expect(group.json()).toEqual({ group: 2, groupName: 'Manager' });
  });

  it('answers 401 for a wrong password, an unknown e-mail, an expired account and a staff e-mail', async () => {
    expect((await login('d.admin@dist.example', 'Wrong-password-1')).statusCode).toBe(401);
    expect((await login('nobody@dist.example', 'Distributor-1')).statusCode).toBe(401);
    expect((await login('d.old@dist.example', 'Distributor-1')).statusCode).toBe(401);
    expect((await login('boss@company.example', 'Distributor-1')).statusCode).toBe(401);
  });

  it('answers 400 naming the field for a malformed e-mail', async () => {
    const res = await login('not-an-email', 'x');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, field: 'email' });
    expect(res.json().message).toMatch(/^email: /);
  });

  it('refuses further attempts with 429 after ten failures for one e-mail', async () => {
    for (let i = 0; i < 10; i++) await login('target@dist.example', 'bad', `10.1.0.${i}`);
    const res = await login('target@dist.example', 'bad', '10.1.0.99');
    expect(res.statusCode).toBe(429);
  });
});

describe('tokens', () => {
  it('answers 401 without a token and with a forged one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/auth/user' })).statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'GET', url: '/auth/user', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(forged.statusCode).toBe(401);
  });

  it('stops working after logout', async () => {
    const { accessToken } = (await login('d.admin@dist.example', 'Distributor-1', '10.2.0.1')).json();
    const auth = { authorization: `Bearer ${accessToken}` };
    const out = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: auth });
    expect(out.json()).toEqual({ redirectTo: '/' });
    expect((await t.app.inject({ method: 'GET', url: '/auth/user', headers: auth })).statusCode).toBe(401);
  });

  it('reads rights per request: removing distributor admin lowers the level of a live token', async () => {
    const { accessToken } = (await login('d.admin@dist.example', 'Distributor-1', '10.3.0.1')).json();
    const auth = { authorization: `Bearer ${accessToken}` };
    await t.db.updateTable('users').set({ distributor_admin: false }).where('email', '=', 'd.admin@dist.example').execute();
    const group = await t.app.inject({ method: 'GET', url: '/auth/group', headers: auth });
    expect(group.json()).toEqual({ group: 1, groupName: 'User' });
    await t.db.updateTable('users').set({ distributor_admin: true }).where('email', '=', 'd.admin@dist.example').execute();
  });
});
