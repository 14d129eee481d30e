import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, anonymousContext } from '../../testing/test-app.js';
import { startSession } from './session.service.js';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const users = await t.db
    .insertInto('users')
    .values([
      { kind: 'staff', email: 'dev@company.example', name: 'Dev', idp_groups: ['inspection'], account_flags: ['Developer'] },
      { kind: 'staff', email: 'admin@company.example', name: 'Admin', idp_groups: ['admin'], account_flags: ['CertificationManager', 'NotAFlag'] },
      { kind: 'staff', email: 'nobody@company.example', name: 'Nobody', idp_groups: [] },
      { kind: 'staff', email: 'manager@company.example', name: 'Manager', idp_groups: ['manager'] },
      { kind: 'staff', email: 'inspector@company.example', name: 'Inspector', idp_groups: ['inspection'] },
    ])
    .returning(['id', 'email'])
    .execute();
  const ctx = anonymousContext(t);
  for (const u of users) tokens[u.email] = (await startSession(ctx, u.id)).accessToken;
});
afterAll(() => t?.close());

const get = (url: string, email?: string) =>
  t.app.inject({ method: 'GET', url, headers: email ? { authorization: `Bearer ${tokens[email]}` } : {} });

describe('session calls', () => {
  it('answers the level from the identity-provider groups, and only known account flags', async () => {
    expect((await get('/auth/group', 'admin@company.example')).json()).toEqual({ group: 3, groupName: 'Admin' });
    expect((await get('/auth/accountFlags', 'admin@company.example')).json()).toEqual(['CertificationManager']);
    expect((await get('/auth/group', 'nobody@company.example')).json()).toEqual({ group: 0, groupName: 'None' });
    expect((await get('/auth/user', 'dev@company.example')).json()).toMatchObject({ email: 'dev@company.example', externalUser: false, externalUserCompany: null });
  });

  it('answers the whole session over tRPC for the web app', async () => {
    const res = await get('/trpc/auth.session', 'dev@company.example');
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toMatchObject({ level: 1, flags: ['Developer'], user: { email: 'dev@company.example' } });
    expect((await get('/trpc/auth.session')).statusCode).toBe(401);
  });

  it('reports a tRPC validation error as 400 with the field named', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/trpc/auth.externalLogin', payload: { email: 'x', password: '' } });
    expect(res.statusCode).toBe(400);
    const err = res.json().error;
    expect(err.data.field).toBe('email');
    expect(err.message).toMatch(/^email: /);
  });

  it('answers 401 on every session call without a token', async () => {
    for (const url of ['/auth/group', '/auth/user', '/auth/accountFlags', '/auth/debugtoken?groups=admin']) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });
});

describe('rights on every request', () => {
  it('takes a changed level, a revoked session and a deleted user into account at once, with the same token', async () => {
    const [u] = await t.db.insertInto('users').values({ kind: 'staff', email: 'moving@company.example', name: 'Moving', idp_groups: ['admin'] }).returning('id').execute();
    const token = (await startSession(anonymousContext(t), u!.id)).accessToken;
    const group = () => t.app.inject({ method: 'GET', url: '/auth/group', headers: { authorization: `Bearer ${token}` } });
    expect((await group()).json().group).toBe(3);
    await t.db.updateTable('users').set({ idp_groups: ['inspection'] }).where('id', '=', u!.id).execute();
    expect((await group()).json().group).toBe(1);
    await t.db.updateTable('auth_sessions').set({ revoked_at: new Date() }).where('user_id', '=', u!.id).execute();
    expect((await group()).statusCode).toBe(401);
    await t.db.updateTable('auth_sessions').set({ revoked_at: null }).where('user_id', '=', u!.id).execute();
    expect((await group()).statusCode).toBe(200);
    await t.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', u!.id).execute();
    expect((await group()).statusCode).toBe(401);
  });
});

describe('GET /auth/debugtoken', () => {
  it('gives a Developer a token acting with the chosen groups', async () => {
    const res = await get('/auth/debugtoken?groups=manager,audit', 'dev@company.example');
    expect(res.statusCode).toBe(200);
    const debug = res.json().accessToken;
    const group = await t.app.inject({ method: 'GET', url: '/auth/group', headers: { authorization: `Bearer ${debug}` } });
    expect(group.json()).toEqual({ group: 2, groupName: 'Manager' });
    // the developer's own token keeps its own level
    expect((await get('/auth/group', 'dev@company.example')).json().group).toBe(1);
  });

  it('follows the /Admin rule: admins and managers without the flag may, an inspector without it is refused (403)', async () => {
    expect((await get('/auth/debugtoken?groups=admin', 'admin@company.example')).statusCode).toBe(200);
    expect((await get('/auth/debugtoken?groups=manager,inspection', 'manager@company.example')).statusCode).toBe(200);
    expect((await get('/auth/debugtoken?groups=inspection', 'inspector@company.example')).statusCode).toBe(403);
    expect((await get('/auth/debugtoken?groups=inspection', 'nobody@company.example')).statusCode).toBe(403);
  });

  it('refuses a manager without the flag a token above their own level, naming groups', async () => {
    const res = await get('/auth/debugtoken?groups=admin', 'manager@company.example');
    expect(res.statusCode).toBe(403);
    expect(res.json().field).toBe('groups');
  });

  it('answers 400 naming groups for an unknown group', async () => {
    const res = await get('/auth/debugtoken?groups=superuser', 'dev@company.example');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toMatch(/^groups/);
  });
});

describe('plumbing', () => {
  it('answers /health and /ready without a token', async () => {
    expect((await get('/health')).json()).toEqual({ status: 'ok' });
    expect((await get('/ready')).json()).toMatchObject({ status: 'ready', checks: { database: 'ok' } });
  });

  it('publishes the OpenAPI document of the REST routes at /api/docs', async () => {
    const doc = (await get('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/auth/external', '/api/v1/externalUsers/{id}/password', '/auth/group']));
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/trpc') || p === '/health')).toBe(false);
  });

  it('answers unknown API paths with 404 in the error shape, and malformed JSON with 400', async () => {
    expect((await get('/api/v1/nothing-here', 'dev@company.example')).json()).toMatchObject({ statusCode: 404, error: 'NOT_FOUND' });
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/auth/external', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400 });
  });
});
