import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInUsers, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 1, 8, 30);

beforeAll(async () => {
  t = await createTestApp();
  const company = await t.db.insertInto('companies').values({ name: 'Nordic' }).returning('id').executeTakeFirstOrThrow();
  Object.assign(tokens, await signInUsers(t, [
    { kind: 'staff', email: 'admin@company.example', name: 'Ada Admin', idp_groups: ['admin'], last_login_at: new Date(T0) },
    { kind: 'staff', email: 'manager@company.example', name: 'Max Manager', idp_groups: ['manager'], last_login_at: new Date(T0 - DAY) },
    { kind: 'staff', email: 'inspector@company.example', name: 'Ina Inspector', idp_groups: ['inspection'], account_flags: ['Rater'], last_login_at: new Date(T0 - 2 * DAY) },
    { kind: 'staff', email: 'dev@company.example', name: 'Dev Eloper', idp_groups: ['mecu'], account_flags: ['Developer'] },
    { kind: 'staff', email: 'nogroups@company.example', name: 'Noah Nobody', idp_groups: [], account_flags: ['CertificationManager', 'NotAFlag'], last_login_at: new Date(T0 - 3 * DAY) },
    { kind: 'distributor', email: 'dist@distributor.example', name: 'Dana Distributor', company_id: company.id, distributor_admin: true, account_flags: ['Developer'], expires_at: new Date(Date.now() + DAY) },
  ]));
  await t.db.insertInto('users').values({ kind: 'staff', email: 'gone@company.example', name: 'Gus Gone', idp_groups: ['admin'], deleted_at: new Date() }).execute();
  for (const u of await t.db.selectFrom('users').select(['id', 'email']).execute()) ids[u.email.split('@')[0]!] = u.id;
});
afterAll(() => t?.close());

type Who = 'admin' | 'manager' | 'inspector' | 'dev' | 'nogroups' | 'dist' | undefined;
const call = (method: 'GET' | 'PUT' | 'POST', url: string, who: Who, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as never, headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });
const names = (body: { result: Array<{ name: string }> }) => body.result.map((r) => r.name);
const flagsOf = async (id: string) => (await t.db.selectFrom('users').select('account_flags').where('id', '=', id).executeTakeFirstOrThrow()).account_flags;
const trailOf = (id: string) =>
  t.db.selectFrom('audit_trail').select(['entity_type', 'actor_user_id', 'action', 'changes']).where('entity_id', '=', id).orderBy('id').execute();

describe('GET api/v1/staffaccounts', () => {
  it('lists live staff sorted by name, with level from their groups, last sign-in and flags, and never a distributor', async () => {
    const res = await call('GET', '/api/v1/staffaccounts', 'admin');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(body)).toEqual(['Ada Admin', 'Dev Eloper', 'Ina Inspector', 'Max Manager', 'Noah Nobody']);
    expect(body.count).toBe(5);
    expect(body.result[0]).toEqual({ id: ids.admin, name: 'Ada Admin', email: 'admin@company.example', level: 3, lastSignIn: T0, flags: [] });
    expect(body.result.find((r: { name: string }) => r.name === 'Dev Eloper')).toMatchObject({ level: 1, lastSignIn: null, flags: ['Developer'] });
    expect(body.result.find((r: { name: string }) => r.name === 'Noah Nobody')).toMatchObject({ level: 0, flags: ['CertificationManager'] });
  });

  it('searches name and e-mail (contains, any case), sorts by each key and pages, counting every match', async () => {
    expect(names((await call('GET', '/api/v1/staffaccounts?search=MANAG', 'admin')).json())).toEqual(['Max Manager']);
    expect(names((await call('GET', '/api/v1/staffaccounts?search=nogroups%40', 'admin')).json())).toEqual(['Noah Nobody']);
    expect((await call('GET', '/api/v1/staffaccounts?search=distributor', 'admin')).json()).toEqual({ result: [], count: 0 });
    const byLogin = (await call('GET', '/api/v1/staffaccounts?orderKey=lastSignIn&orderDirection=desc', 'admin')).json();
    // never signed in sorts last, whichever the direction
    expect(names(byLogin)).toEqual(['Ada Admin', 'Max Manager', 'Ina Inspector', 'Noah Nobody', 'Dev Eloper']);
    const byEmail = (await call('GET', '/api/v1/staffaccounts?orderKey=email&orderDirection=DESC', 'admin')).json();
    expect(byEmail.result.map((r: { email: string }) => r.email)[0]).toBe('nogroups@company.example');
    const page = (await call('GET', '/api/v1/staffaccounts?offset=2&amount=2&orderKey=name&orderDirection=desc', 'admin')).json();
    expect(page).toMatchObject({ count: 5 });
    expect(names(page)).toEqual(['Ina Inspector', 'Dev Eloper']);
  });

  it('answers 400 naming the field for a bad sort key, page size or direction', async () => {
    for (const [query, field] of [['orderKey=level', 'orderKey'], ['amount=0', 'amount'], ['offset=-1', 'offset'], ['orderDirection=up', 'orderDirection']]) {
      const res = await call('GET', `/api/v1/staffaccounts?${query}`, 'admin');
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field, query).toBe(field);
      expect(res.json().message).toMatch(new RegExp(`^${field}: `));
    }
  });
});

describe('who may use the staff accounts', () => {
  it('refuses a manager, an inspector and a distributor holding the Developer flag (403), and a call without a token (401)', async () => {
    const target = ids.nogroups!;
    for (const who of ['manager', 'inspector', 'dist'] as const) {
      expect((await call('GET', '/api/v1/staffaccounts', who)).statusCode, who).toBe(403);
      expect((await call('GET', `/api/v1/staffaccounts/${target}`, who)).statusCode, who).toBe(403);
      expect((await call('PUT', `/api/v1/staffaccounts/${target}/flags`, who, { flags: ['Rater'] })).statusCode, who).toBe(403);
    }
    expect((await call('GET', '/api/v1/staffaccounts', undefined)).statusCode).toBe(401);
    expect((await call('PUT', `/api/v1/staffaccounts/${target}/flags`, undefined, { flags: ['Rater'] })).statusCode).toBe(401);
    expect((await call('GET', `/trpc/staffAccounts.list?input=${encodeURIComponent('{}')}`, 'manager')).statusCode).toBe(403);
    expect(await flagsOf(target)).toEqual(['CertificationManager', 'NotAFlag']);
    expect(await trailOf(target)).toEqual([]);
  });

  it('admits staff with the Developer flag whatever their level, who may set another user\'s flags', async () => {
    expect((await call('GET', '/api/v1/staffaccounts', 'dev')).json().count).toBe(5);
    const res = await call('PUT', `/api/v1/staffaccounts/${ids.manager}/flags`, 'dev', { flags: ['Rater'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.manager, level: 2, flags: ['Rater'] });
  });
});

describe('PUT api/v1/staffaccounts/{id}/flags', () => {
  it('replaces the flags, writes an audit_trail row with actor, before and after, and the rights apply at once', async () => {
    const id = ids.inspector!;
    expect((await call('GET', '/api/v1/staffaccounts', 'inspector')).statusCode).toBe(403);
    const res = await call('PUT', `/api/v1/staffaccounts/${id}/flags`, 'admin', { flags: ['Developer', 'CertificationManager', 'Developer'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, name: 'Ina Inspector', email: 'inspector@company.example', level: 1, lastSignIn: T0 - 2 * DAY, flags: ['Developer', 'CertificationManager'] });
    expect(await flagsOf(id)).toEqual(['Developer', 'CertificationManager']);
    expect(await trailOf(id)).toEqual([
      { entity_type: 'user', actor_user_id: ids.admin, action: 'update_flags', changes: { before: { flags: ['Rater'] }, after: { flags: ['Developer', 'CertificationManager'] } } },
    ]);
    // the inspector's very next call sees the Developer flag: rights are read on every request
    expect((await call('GET', '/api/v1/staffaccounts', 'inspector')).statusCode).toBe(200);
  });

  it('writes no audit row when the flags do not change, and keeps values it does not know', async () => {
    const id = ids.nogroups!;
    expect((await call('PUT', `/api/v1/staffaccounts/${id}/flags`, 'admin', { flags: ['CertificationManager'] })).statusCode).toBe(200);
    expect(await trailOf(id)).toEqual([]);
    const cleared = await call('PUT', `/api/v1/staffaccounts/${id}/flags`, 'admin', { flags: [] });
    expect(cleared.json().flags).toEqual([]);
    expect(await flagsOf(id)).toEqual(['NotAFlag']);
    expect((await trailOf(id)).map((r) => r.changes)).toEqual([{ before: { flags: ['CertificationManager'] }, after: { flags: [] } }]);
  });

  it('refuses one\'s own flags with 403 and changes nothing', async () => {
    for (const who of ['admin', 'dev'] as const) {
      const res = await call('PUT', `/api/v1/staffaccounts/${ids[who]}/flags`, who, { flags: ['Rater', 'CertificationManager', 'Developer'] });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().message).toMatch(/own account flags/);
      expect(await trailOf(ids[who]!)).toEqual([]);
    }
    expect(await flagsOf(ids.admin!)).toEqual([]);
    expect(await flagsOf(ids.dev!)).toEqual(['Developer']);
  });

  it('answers 404 for a distributor, a deleted staff user and an unknown id, changing nothing', async () => {
    for (const id of [ids.dist!, ids.gone!, '00000000-0000-4000-8000-000000000000']) {
      expect((await call('GET', `/api/v1/staffaccounts/${id}`, 'admin')).statusCode).toBe(404);
      expect((await call('PUT', `/api/v1/staffaccounts/${id}/flags`, 'admin', { flags: ['Rater'] })).statusCode).toBe(404);
    }
    expect(await flagsOf(ids.dist!)).toEqual(['Developer']);
    expect(await trailOf(ids.dist!)).toEqual([]);
  });

  it('answers 400 naming the field for an unknown flag, a missing list and a bad id', async () => {
    const bad = async (url: string, body: unknown, field: string) => {
      const res = await call('PUT', url, 'admin', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe(field);
      expect(res.json().message).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
    };
    await bad(`/api/v1/staffaccounts/${ids.manager}/flags`, { flags: ['Rater', 'Boss'] }, 'flags.1');
    await bad(`/api/v1/staffaccounts/${ids.manager}/flags`, {}, 'flags');
    await bad(`/api/v1/staffaccounts/${ids.manager}/flags`, { flags: 'Rater' }, 'flags');
    await bad('/api/v1/staffaccounts/not-a-uuid/flags', { flags: [] }, 'id');
    expect(await flagsOf(ids.manager!)).toEqual(['Rater']);
  });
});

describe('GET api/v1/staffaccounts/{id}', () => {
  it('answers one staff user', async () => {
    expect((await call('GET', `/api/v1/StaffAccounts/${ids.manager}`, 'admin')).json()).toMatchObject({ id: ids.manager, name: 'Max Manager', level: 2, lastSignIn: T0 - DAY });
  });
});

describe('tRPC staffAccounts', () => {
  it('serves the react-admin data provider shape over the same services, with the same refusals', async () => {
    const list = await call('GET', `/trpc/staffAccounts.list?input=${encodeURIComponent(JSON.stringify({ search: 'ada' }))}`, 'admin');
    expect(list.json().result.data).toMatchObject({ count: 1, result: [{ email: 'admin@company.example' }] });
    const updated = await call('POST', '/trpc/staffAccounts.update', 'admin', { id: ids.manager, data: { id: ids.manager, name: 'ignored', flags: ['Rater', 'Developer'] } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().result.data).toMatchObject({ name: 'Max Manager', flags: ['Developer', 'Rater'] });
    const bad = await call('POST', '/trpc/staffAccounts.update', 'admin', { id: ids.manager, data: { flags: ['Boss'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.data.field).toBe('data.flags.0');
    expect((await call('POST', '/trpc/staffAccounts.update', 'admin', { id: ids.admin, data: { flags: ['Rater'] } })).statusCode).toBe(403);
    expect((await call('GET', `/trpc/staffAccounts.get?input=${encodeURIComponent(JSON.stringify({ id: ids.dist }))}`, 'admin')).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the list, one user and the flags update, with summaries', async () => {
    const doc = (await call('GET', '/api/docs/json', 'admin')).json();
    expect(doc.paths['/api/v1/staffaccounts'].get.summary).toMatch(/Staff users/);
    expect(doc.paths['/api/v1/staffaccounts/{id}'].get.tags).toEqual(['staffAccounts']);
    expect(doc.paths['/api/v1/staffaccounts/{id}/flags'].put.summary).toMatch(/account flags/);
  });
});
