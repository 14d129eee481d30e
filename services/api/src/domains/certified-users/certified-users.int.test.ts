import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, anonymousContext } from '../../testing/test-app.js';
import { startSession } from '../auth/session.service.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let jaw = '';
let cone = '';
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 15);

beforeAll(async () => {
  t = await createTestApp();
  const cat = await t.db.insertInto('product_categories').values({ name: 'Crushers' }).returning('id').executeTakeFirstOrThrow();
  const fams = await t.db
    .insertInto('product_families')
    .values([{ name: 'Jaw', product_category_id: cat.id }, { name: 'Cone', product_category_id: cat.id }])
    .returning(['id', 'name'])
    .execute();
  jaw = fams.find((f) => f.name === 'Jaw')!.id;
  cone = fams.find((f) => f.name === 'Cone')!.id;
  const company = await t.db.insertInto('companies').values({ name: 'Dist Oy' }).returning('id').executeTakeFirstOrThrow();
  const users = await t.db
    .insertInto('users')
    .values([
      { kind: 'staff', email: 'certman@company.example', name: 'Cert', idp_groups: ['inspection'], account_flags: ['CertificationManager'] },
      { kind: 'staff', email: 'admin@company.example', name: 'Admin', idp_groups: ['admin'], account_flags: ['Developer'] },
      { kind: 'distributor', email: 'd@dist.example', name: 'D', company_id: company.id, distributor_admin: true, expires_at: new Date(Date.now() + DAY) },
    ])
    .returning(['id', 'email'])
    .execute();
  const ctx = anonymousContext(t);
  for (const u of users) tokens[u.email] = (await startSession(ctx, u.id)).accessToken;
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, email = 'certman@company.example') =>
  t.app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${tokens[email]}` } });

const cert = (familyId: string, from = T0, id?: string) => ({ ...(id !== undefined ? { id } : {}), productFamilyId: familyId, certificationDate: from, expirationDate: from + 730 * DAY });

async function create(email: string, employeeId: string, certifications = [cert(jaw)]) {
  const res = await call('POST', '/api/v1/certifiedUsers', { email, employeeId, certifications });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('POST api/v1/certifiedUsers', () => {
  it('answers 200 with the created user and its certifications, dates as epoch ms', async () => {
    const u = await create('anna@site.example', 'E-1', [cert(jaw), { ...cert(cone, T0 + DAY), id: '' }]);
    expect(u).toMatchObject({ email: 'anna@site.example', employeeId: 'E-1' });
    expect(u.certifications).toHaveLength(2);
    expect(u.certifications[0]).toMatchObject({ productFamilyId: jaw, productFamilyName: 'Jaw', certifiedUserId: u.id, certificationDate: T0, expirationDate: T0 + 730 * DAY });
  });

  it('answers 400 naming the field for a missing employeeId, a bad e-mail, an unknown family and reversed dates', async () => {
    const bad = async (body: unknown, field: string) => {
      const res = await call('POST', '/api/v1/certifiedUsers', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe(field);
      expect(res.json().message).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')}: `));
    };
    await bad({ email: 'x@site.example', employeeId: '' }, 'employeeId');
    await bad({ email: 'not-mail', employeeId: 'E' }, 'email');
    await bad({ email: 'x@site.example', employeeId: 'E', certifications: [cert(jaw), cert('00000000-0000-4000-8000-000000000000')] }, 'certifications.1.productFamilyId');
    await bad({ email: 'x@site.example', employeeId: 'E', certifications: [{ ...cert(jaw), expirationDate: T0 - DAY }] }, 'certifications.0.expirationDate');
    expect(await t.db.selectFrom('certified_users').where('email', '=', 'x@site.example').selectAll().execute()).toEqual([]);
  });

  it('answers 409 naming email when the e-mail is taken (case-insensitive)', async () => {
    await create('dup@site.example', 'E-2');
    const res = await call('POST', '/api/v1/certifiedUsers', { email: 'DUP@site.example', employeeId: 'E-3' });
    expect(res.statusCode).toBe(409);
    expect(res.json().field).toBe('email');
  });
});

describe('GET api/v1/certifiedUsers', () => {
  it('lists by e-mail ascending with certifications embedded, and searches and pages in SQL', async () => {
    await create('zed@list.example', 'L-9');
    await create('bob@list.example', 'L-2', [cert(jaw), cert(cone, T0 + DAY)]);
    const res = await call('GET', '/api/v1/certifiedUsers?search=list.example');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.result.map((u: { email: string }) => u.email)).toEqual(['bob@list.example', 'zed@list.example']);
    expect(body.result[0].certifications.map((c: { productFamilyName: string }) => c.productFamilyName)).toEqual(['Jaw', 'Cone']);
    const page = (await call('GET', '/api/v1/certifiedUsers?search=L-&amount=1&offset=1&orderKey=employeeId&orderDirection=desc')).json();
    expect(page).toMatchObject({ count: 2, result: [{ employeeId: 'L-2' }] });
    expect((await call('GET', '/api/v1/certifiedUsers?orderKey=password')).json().field).toBe('orderKey');
    // Sort by the soonest expiry (the expired-style rule): an older certification comes first.
    await create('yan@list.example', 'L-5', [cert(cone, T0 - 400 * DAY)]);
    const bySoonest = (await call('GET', '/api/v1/certifiedUsers?search=list.example&orderKey=earliestExpiration&orderDirection=asc')).json();
    expect(bySoonest.result[0].email).toBe('yan@list.example');
  });
});

describe('PATCH api/v1/certifiedUsers/{id}', () => {
  it('answers 200 and replaces the set: rows with an id updated, without one created, missing ones deleted', async () => {
    const u = await create('pat@site.example', 'P-1', [cert(jaw), cert(cone)]);
    const other = await create('other@site.example', 'P-2', [cert(jaw)]);
    const [keep] = u.certifications;
    const res = await call('PATCH', `/api/v1/certifiedUsers/${u.id}`, {
      certifications: [cert(cone, T0 + 10 * DAY, keep.id), cert(jaw, T0 + 20 * DAY, '')],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    // Nothing else changes: e-mail and employeeId stay, the other user's certifications stay.
    expect(after).toMatchObject({ email: 'pat@site.example', employeeId: 'P-1' });
    expect(after.certifications).toHaveLength(2);
    expect(after.certifications[0]).toMatchObject({ id: keep.id, productFamilyId: cone, certificationDate: T0 + 10 * DAY });
    expect(after.certifications[1]).toMatchObject({ productFamilyId: jaw, certificationDate: T0 + 20 * DAY });
    expect(after.certifications.map((c: { id: string }) => c.id)).not.toContain(u.certifications[1].id);
    expect((await call('GET', `/api/v1/certifiedUsers/${other.id}`)).json().certifications).toEqual(other.certifications);

    const renamed = await call('PATCH', `/api/v1/certifiedUsers/${u.id}`, { employeeId: 'P-1b' });
    expect(renamed.json()).toMatchObject({ employeeId: 'P-1b', certifications: after.certifications });
  });

  it('is atomic: a bad row (unknown family or a foreign certification id) leaves the old set unchanged', async () => {
    const u = await create('atom@site.example', 'A-1', [cert(jaw), cert(cone)]);
    const foreign = await create('foreign@site.example', 'A-2', [cert(jaw)]);
    const bad1 = await call('PATCH', `/api/v1/certifiedUsers/${u.id}`, {
      employeeId: 'changed',
      certifications: [cert(jaw, T0, u.certifications[0].id), cert('00000000-0000-4000-8000-000000000000')],
    });
    expect(bad1.statusCode).toBe(400);
    expect(bad1.json().field).toBe('certifications.1.productFamilyId');
    const bad2 = await call('PATCH', `/api/v1/certifiedUsers/${u.id}`, { certifications: [cert(jaw, T0, foreign.certifications[0].id)] });
    expect(bad2.statusCode).toBe(400);
    expect(bad2.json().field).toBe('certifications.0.id');
    const now = (await call('GET', `/api/v1/certifiedUsers/${u.id}`)).json();
    expect(now).toEqual(u);
    expect((await call('GET', `/api/v1/certifiedUsers/${foreign.id}`)).json()).toEqual(foreign);
  });

  it('answers 409 for an e-mail of another user and 404 for an unknown id', async () => {
    const a = await create('one@conf.example', 'C-1');
    await create('two@conf.example', 'C-2');
    const res = await call('PATCH', `/api/v1/certifiedUsers/${a.id}`, { email: 'two@conf.example' });
    expect(res.statusCode).toBe(409);
    expect(res.json().field).toBe('email');
    expect((await call('PATCH', `/api/v1/certifiedUsers/${a.id}`, { email: 'ONE@conf.example' })).statusCode).toBe(200);
    expect((await call('PATCH', '/api/v1/certifiedUsers/00000000-0000-4000-8000-000000000000', { employeeId: 'x' })).statusCode).toBe(404);
  });
});

describe('DELETE api/v1/certifiedUsers/{id}', () => {
  it('answers 204 and removes the user with its certifications; 404 afterwards', async () => {
    const u = await create('del@site.example', 'D-1', [cert(jaw)]);
    const res = await call('DELETE', `/api/v1/certifiedUsers/${u.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await t.db.selectFrom('certifications').where('certified_user_id', '=', u.id).selectAll().execute()).toEqual([]);
    expect((await call('DELETE', `/api/v1/certifiedUsers/${u.id}`)).statusCode).toBe(404);
  });
});

describe('permissions (P.certifications: CertificationManager flag only)', () => {
  it('refuses an admin without the flag and a distributor with 403 on every route, REST and tRPC', async () => {
    const u = await create('perm@site.example', 'X-1');
    for (const who of ['admin@company.example', 'd@dist.example']) {
      expect((await call('GET', '/api/v1/certifiedUsers', undefined, who)).statusCode, who).toBe(403);
      expect((await call('GET', `/api/v1/certifiedUsers/${u.id}`, undefined, who)).statusCode, who).toBe(403);
      expect((await call('POST', '/api/v1/certifiedUsers', { email: 'n@site.example', employeeId: 'N' }, who)).statusCode, who).toBe(403);
      expect((await call('PATCH', `/api/v1/certifiedUsers/${u.id}`, { employeeId: 'hacked' }, who)).statusCode, who).toBe(403);
      expect((await call('DELETE', `/api/v1/certifiedUsers/${u.id}`, undefined, who)).statusCode, who).toBe(403);
      expect((await call('GET', `/trpc/certifiedUsers.list?input=${encodeURIComponent('{}')}`, undefined, who)).statusCode, who).toBe(403);
      expect((await call('POST', '/trpc/certifiedUsers.delete', { id: u.id }, who)).statusCode, who).toBe(403);
      expect((await call('GET', '/trpc/certifiedUsers.families', undefined, who)).statusCode, who).toBe(403);
    }
    expect((await call('GET', `/api/v1/certifiedUsers/${u.id}`)).json()).toEqual(u);
  });

  it('answers 401 on every route without a token, even with a bad body', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [['GET', '/api/v1/certifiedUsers'], ['GET', `/api/v1/certifiedUsers/${id}`], ['POST', '/api/v1/certifiedUsers'], ['PATCH', `/api/v1/certifiedUsers/${id}`], ['DELETE', `/api/v1/certifiedUsers/${id}`]] as const) {
      expect((await t.app.inject({ method, url, payload: method === 'POST' || method === 'PATCH' ? { email: 1 } : undefined })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('serves the web app over tRPC for a flag holder of the lowest staff level', async () => {
    const created = await call('POST', '/trpc/certifiedUsers.create', { email: 'rpc@site.example', employeeId: 'R-1', certifications: [cert(jaw)] });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().result.data.id;
    const updated = await call('POST', '/trpc/certifiedUsers.update', { id, data: { id, email: 'rpc@site.example', employeeId: 'R-2', certifications: [] } });
    expect(updated.json().result.data).toMatchObject({ employeeId: 'R-2', certifications: [] });
    const list = await call('GET', `/trpc/certifiedUsers.list?input=${encodeURIComponent(JSON.stringify({ search: 'rpc@' }))}`);
    expect(list.json().result.data).toMatchObject({ count: 1, result: [{ id }] });
    const bad = await call('POST', '/trpc/certifiedUsers.create', { email: 'rpc2@site.example', employeeId: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.data.field).toBe('employeeId');
    expect((await call('POST', '/trpc/certifiedUsers.delete', { id })).json().result.data).toEqual({ id });
    const fams = (await call('GET', '/trpc/certifiedUsers.families')).json().result.data;
    expect(fams.map((f: { name: string }) => f.name)).toEqual(['Cone', 'Jaw']);
  });
});
