import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { sql } from 'kysely';
import { createTestApp, type TestApp, anonymousContext } from '../../testing/test-app.js';
import { startSession } from '../auth/session.service.js';
import { ACCOUNT_PERIOD_MS } from './external-users.write.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let companyA: string;
let companyB: string;
let crushers: string;
let screens: string;
const PASSWORD = 'Distributor-pw-1';

beforeAll(async () => {
  t = await createTestApp();
  [companyA, companyB] = (await t.db.insertInto('companies').values([{ name: 'Alpha Oy' }, { name: 'Beta AB' }]).returning('id').execute()).map((r) => r.id) as [string, string];
  [crushers, screens] = (await t.db.insertInto('product_categories').values([{ name: 'Crushers' }, { name: 'Screens' }]).returning('id').execute()).map((r) => r.id) as [string, string];
  const passwordHash = await hash(PASSWORD);
  const inAYear = new Date(Date.now() + ACCOUNT_PERIOD_MS);
  const rows = await t.db
    .insertInto('users')
    .values([
      { kind: 'staff', email: 'manager@company.example', name: 'Manager', idp_groups: ['manager'] },
      { kind: 'staff', email: 'inspector@company.example', name: 'Inspector', idp_groups: ['inspection'] },
      { kind: 'staff', email: 'dev@company.example', name: 'Dev', idp_groups: [], account_flags: ['Developer'] },
      { kind: 'distributor', email: 'admin@alpha.example', name: 'Alice Admin', company_id: companyA, distributor_admin: true, password_hash: passwordHash, expires_at: inAYear },
      { kind: 'distributor', email: 'plain@alpha.example', name: 'Paul Plain', company_id: companyA, password_hash: passwordHash, expires_at: inAYear },
      { kind: 'distributor', email: 'old@alpha.example', name: 'Olga Old', company_id: companyA, password_hash: passwordHash, expires_at: new Date(Date.now() - 86400_000) },
      { kind: 'distributor', email: 'bob@beta.example', name: 'Bob Beta', company_id: companyB, password_hash: passwordHash, expires_at: inAYear },
    ])
    .returning(['id', 'email'])
    .execute();
  for (const r of rows) ids[r.email] = r.id;
  await t.db.insertInto('user_product_categories').values(rows.filter((r) => !r.email.endsWith('company.example')).map((r) => ({ user_id: r.id, product_category_id: crushers }))).execute();
  const ctx = anonymousContext(t);
  for (const email of ['manager@company.example', 'inspector@company.example', 'dev@company.example', 'admin@alpha.example', 'plain@alpha.example', 'bob@beta.example']) {
    tokens[email] = (await startSession(ctx, ids[email]!)).accessToken;
  }
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[as]}` } });
const STAFF = 'manager@company.example';
const DIST_ADMIN = 'admin@alpha.example';
const valid = (over: object = {}) => ({ name: 'New Person', email: 'new.person@gamma.example', company: { name: 'Gamma GmbH' }, categories: [{ productCategoryId: crushers }], ...over });
const userRow = (id: string) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const emailJobs = async (to: string) =>
  (await t.db.selectFrom('outbox').select('payload').where('name', '=', 'email.send').execute()).filter((j) => (j.payload as { to: string }).to === to);
const login = (email: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/external', payload: { email, password: PASSWORD } });

describe('GET api/v1/externalUsers', () => {
  it('lists distributors of every company for staff, sorted by name descending, never staff rows', async () => {
    const res = await call('GET', '/api/v1/externalUsers', STAFF);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.result.map((u: { name: string }) => u.name)).toEqual(['Paul Plain', 'Olga Old', 'Bob Beta', 'Alice Admin']);
    expect(body.count).toBe(4);
    const alice = body.result.find((u: { name: string }) => u.name === 'Alice Admin');
    expect(alice).toMatchObject({ email: 'admin@alpha.example', company: { id: companyA, name: 'Alpha Oy' }, categories: [{ productCategoryId: crushers }], distributorAdmin: true, hasPassword: true, status: 'active' });
    expect(typeof alice.expires).toBe('number');
    expect(alice).not.toHaveProperty('password');
    expect(body.result.find((u: { name: string }) => u.name === 'Olga Old').status).toBe('expired');
  });

  it('searches name, e-mail and company in SQL and pages', async () => {
    expect((await call('GET', '/api/v1/externalUsers?search=beta', STAFF)).json()).toMatchObject({ count: 1, result: [{ name: 'Bob Beta' }] });
    const page = (await call('GET', '/api/v1/externalUsers?amount=2&offset=2&orderKey=name&orderDirection=asc', STAFF)).json();
    expect(page.result.map((u: { name: string }) => u.name)).toEqual(['Olga Old', 'Paul Plain']);
    expect((await call('GET', '/api/v1/externalUsers?orderKey=password', STAFF)).statusCode).toBe(400);
  });

  it('is open to the Developer flag, and shows a distributor admin only their own company', async () => {
    expect((await call('GET', '/api/v1/externalUsers', 'dev@company.example')).json().count).toBe(4);
    const own = (await call('GET', '/api/v1/externalUsers?search=beta.example', DIST_ADMIN)).json();
    expect(own.count).toBe(0);
    const all = (await call('GET', '/api/v1/externalUsers', DIST_ADMIN)).json();
    expect(all.result.every((u: { company: { id: string } }) => u.company.id === companyA)).toBe(true);
    expect(all.count).toBe(3);
  });

  it('refuses an inspector and a plain distributor', async () => {
    expect((await call('GET', '/api/v1/externalUsers', 'inspector@company.example')).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/externalUsers', 'plain@alpha.example')).statusCode).toBe(403);
  });
});

describe('GET api/v1/externalUsers/{id}', () => {
  it('answers one distributor to staff and refuses an inspector and a plain distributor', async () => {
    const id = ids['bob@beta.example']!;
    expect((await call('GET', `/api/v1/externalUsers/${id}`, STAFF)).json()).toMatchObject({ id, name: 'Bob Beta', company: { id: companyB } });
    expect((await call('GET', `/api/v1/externalUsers/${id}`, 'inspector@company.example')).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/externalUsers/${id}`, 'plain@alpha.example')).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/externalUsers/${ids['manager@company.example']}`, STAFF)).statusCode).toBe(404);
  });
});

describe('GET api/v1/companies', () => {
  it('answers every company to staff and only the own company to a distributor admin; refuses lower roles', async () => {
    expect((await call('GET', '/api/v1/companies', STAFF)).json().map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Alpha Oy', 'Beta AB']));
    expect((await call('GET', '/api/v1/companies', DIST_ADMIN)).json()).toEqual([{ id: companyA, name: 'Alpha Oy' }]);
    expect((await call('GET', '/api/v1/companies', 'inspector@company.example')).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/companies', 'plain@alpha.example')).statusCode).toBe(403);
  });
});

describe('POST api/v1/externalUsers', () => {
  it('creates a distributor with a new company and queues exactly one set-password e-mail', async () => {
    const res = await call('POST', '/api/v1/externalUsers', STAFF, valid({ email: 'New.Person@Gamma.example', distributorAdmin: true }));
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({ name: 'New Person', email: 'new.person@gamma.example', company: { name: 'Gamma GmbH' }, distributorAdmin: true, hasPassword: false, status: 'passwordNotSet' });
    expect(user.expires).toBeGreaterThan(Date.now() + ACCOUNT_PERIOD_MS - 60_000);
    const jobs = await emailJobs('new.person@gamma.example');
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.payload).toMatchObject({ template: 'set-password', params: { name: 'New Person' } });
    expect((jobs[0]!.payload as { params: { link: string } }).params.link).toContain(`userId=${user.id}`);
  });

  it('creates into an existing company', async () => {
    const res = await call('POST', '/api/v1/externalUsers', STAFF, valid({ email: 'second@beta.example', company: { id: companyB }, categories: [{ productCategoryId: crushers }, { productCategoryId: screens }] }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ company: { id: companyB, name: 'Beta AB' }, categories: [{ productCategoryId: expect.any(String) }, { productCategoryId: expect.any(String) }] });
  });

  it.each([
    ['name', { name: '  ' }],
    ['email', { email: '' }],
    ['email', { email: 'no-at-sign.example' }],
    ['company.name', { company: { name: '' } }],
    ['categories', { categories: [] }],
    ['company', { company: undefined }],
    ['email', { email: 'someone@company.example' }],
  ])('answers 400 naming %s for %j, and writes nothing', async (field, over) => {
    const before = await t.db.selectFrom('users').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await call('POST', '/api/v1/externalUsers', STAFF, valid(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(new RegExp(`^${field.replace('.', '\\.')}\\b`));
    const after = await t.db.selectFrom('users').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('answers 409 naming email when a live user has the e-mail, and creates no company', async () => {
    const companies = async () => (await t.db.selectFrom('companies').select('id').execute()).length;
    const before = await companies();
    const res = await call('POST', '/api/v1/externalUsers', STAFF, valid({ email: 'BOB@beta.example', company: { name: 'Delta' } }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^email/);
    expect(await companies()).toBe(before);
  });

  it('lets a distributor admin create only in their own company, without the admin flag', async () => {
    const res = await call('POST', '/api/v1/externalUsers', DIST_ADMIN, valid({ email: 'colleague@alpha.example', company: undefined }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ company: { id: companyA }, distributorAdmin: false });
    expect((await call('POST', '/api/v1/externalUsers', DIST_ADMIN, valid({ email: 'x1@alpha.example', company: undefined, distributorAdmin: true }))).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/externalUsers', DIST_ADMIN, valid({ email: 'x2@alpha.example', company: { id: companyB } }))).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/externalUsers', DIST_ADMIN, valid({ email: 'x3@alpha.example', company: { name: 'Own Co' } }))).statusCode).toBe(403);
    expect(await t.db.selectFrom('users').select('id').where('email', 'like', 'x_@alpha.example').execute()).toHaveLength(0);
  });

  it('refuses an inspector and a plain distributor', async () => {
    expect((await call('POST', '/api/v1/externalUsers', 'inspector@company.example', valid({ email: 'i@x.example' }))).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/externalUsers', 'plain@alpha.example', valid({ email: 'p@x.example', company: undefined }))).statusCode).toBe(403);
  });
});

describe('PUT api/v1/externalUsers/{id}', () => {
  it('updates name, e-mail, company, categories and the admin flag for staff', async () => {
    const id = ids['bob@beta.example']!;
    const res = await call('PUT', `/api/v1/externalUsers/${id}`, STAFF, { name: 'Bob B', email: 'bob@beta.example', company: { id: companyA }, categories: [{ productCategoryId: screens }], distributorAdmin: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Bob B', company: { id: companyA }, categories: [{ productCategoryId: screens }], distributorAdmin: true });
    await call('PUT', `/api/v1/externalUsers/${id}`, STAFF, { name: 'Bob Beta', email: 'bob@beta.example', company: { id: companyB }, categories: [{ productCategoryId: crushers }], distributorAdmin: false });
  });

  it('answers 400 naming the field and 409 for a taken e-mail, leaving the row unchanged', async () => {
    const id = ids['plain@alpha.example']!;
    const before = await userRow(id);
    const bad = await call('PUT', `/api/v1/externalUsers/${id}`, STAFF, { name: '', email: 'plain@alpha.example', categories: [{ productCategoryId: crushers }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^name/);
    const taken = await call('PUT', `/api/v1/externalUsers/${id}`, STAFF, { name: 'Paul', email: 'admin@alpha.example', categories: [{ productCategoryId: crushers }] });
    expect(taken.statusCode).toBe(409);
    expect(await userRow(id)).toEqual(before);
  });

  it('never changes a staff user', async () => {
    const res = await call('PUT', `/api/v1/externalUsers/${ids['inspector@company.example']}`, STAFF, valid({ email: 'x@x.example' }));
    expect(res.statusCode).toBe(404);
  });

  it('lets a distributor admin edit their own company users but not change the admin flag', async () => {
    const id = ids['plain@alpha.example']!;
    const ok = await call('PUT', `/api/v1/externalUsers/${id}`, DIST_ADMIN, { name: 'Paul Plain', email: 'plain@alpha.example', company: { id: companyA, name: 'Alpha Oy' }, categories: [{ productCategoryId: screens }] });
    expect(ok.statusCode).toBe(200);
    const flag = await call('PUT', `/api/v1/externalUsers/${id}`, DIST_ADMIN, { name: 'Paul Plain', email: 'plain@alpha.example', categories: [{ productCategoryId: screens }], distributorAdmin: true });
    expect(flag.statusCode).toBe(403);
    const move = await call('PUT', `/api/v1/externalUsers/${id}`, DIST_ADMIN, { name: 'Paul Plain', email: 'plain@alpha.example', company: { id: companyB }, categories: [{ productCategoryId: screens }] });
    expect(move.statusCode).toBe(403);
    expect(await userRow(id)).toMatchObject({ company_id: companyA, distributor_admin: false });
  });

  it('refuses an inspector and a plain distributor', async () => {
    const id = ids['plain@alpha.example']!;
    expect((await call('PUT', `/api/v1/externalUsers/${id}`, 'inspector@company.example', valid())).statusCode).toBe(403);
    expect((await call('PUT', `/api/v1/externalUsers/${id}`, 'plain@alpha.example', valid({ company: undefined }))).statusCode).toBe(403);
  });
});

describe('a distributor admin and another company', () => {
  it('cannot read, update, delete or activate its users, and the row stays unchanged', async () => {
    const id = ids['bob@beta.example']!;
    const before = await userRow(id);
    const answers = [
      await call('GET', `/api/v1/externalUsers/${id}`, DIST_ADMIN),
      await call('PUT', `/api/v1/externalUsers/${id}`, DIST_ADMIN, { name: 'Hacked', email: 'bob@beta.example', categories: [{ productCategoryId: crushers }] }),
      await call('DELETE', `/api/v1/externalUsers/${id}`, DIST_ADMIN),
      await call('POST', `/api/v1/externalUsers/${id}/activate`, DIST_ADMIN),
    ].map((r) => r.statusCode);
    expect(answers).toEqual([404, 404, 404, 404]);
    expect(await userRow(id)).toEqual(before);
  });
});

describe('activate and sign-in of an expired distributor', () => {
  it('refuses sign-in while expired, renews the account on activate, then lets it sign in', async () => {
    expect((await login('old@alpha.example')).statusCode).toBe(401);
    expect((await call('POST', `/api/v1/externalUsers/${ids['old@alpha.example']}/activate`, 'inspector@company.example')).statusCode).toBe(403);
    expect((await call('POST', `/api/v1/externalUsers/${ids['old@alpha.example']}/activate`, 'plain@alpha.example')).statusCode).toBe(403);
    const res = await call('POST', `/api/v1/externalUsers/${ids['old@alpha.example']}/activate`, DIST_ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('active');
    expect(res.json().expires).toBeGreaterThan(Date.now() + ACCOUNT_PERIOD_MS - 60_000);
    expect((await login('old@alpha.example')).statusCode).toBe(200);
  });
});

describe('DELETE api/v1/externalUsers/{id}', () => {
  it('refuses an inspector and a plain distributor', async () => {
    expect((await call('DELETE', `/api/v1/externalUsers/${ids['old@alpha.example']}`, 'inspector@company.example')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/externalUsers/${ids['old@alpha.example']}`, 'plain@alpha.example')).statusCode).toBe(403);
  });

  it('refuses a distributor admin deleting their own account', async () => {
    expect((await call('DELETE', `/api/v1/externalUsers/${ids[DIST_ADMIN]}`, DIST_ADMIN)).statusCode).toBe(403);
    expect((await userRow(ids[DIST_ADMIN]!)).deleted_at).toBeNull();
  });

  it('soft-deletes the user, ends its sessions and frees the e-mail', async () => {
    const id = ids['plain@alpha.example']!;
    expect((await call('GET', '/auth/user', 'plain@alpha.example')).statusCode).toBe(200);
    // the unsearched list answers the count a trigger keeps (migration 0058), the own company's too
    const counts = async () => [(await call('GET', '/api/v1/externalUsers?amount=1', STAFF)).json().count, (await call('GET', '/api/v1/externalUsers?amount=1', DIST_ADMIN)).json().count];
    const [all, own] = await counts();
    const res = await call('DELETE', `/api/v1/externalUsers/${id}`, DIST_ADMIN);
    expect(await counts()).toEqual([all - 1, own - 1]);
    expect(res.statusCode).toBe(200);
    expect((await userRow(id)).deleted_at).not.toBeNull();
    expect((await call('GET', '/auth/user', 'plain@alpha.example')).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/externalUsers?search=plain', STAFF)).json().count).toBe(0);
    expect((await call('DELETE', `/api/v1/externalUsers/${id}`, STAFF)).statusCode).toBe(404);
    expect((await call('POST', '/api/v1/externalUsers', STAFF, valid({ email: 'plain@alpha.example', company: { id: companyA } }))).statusCode).toBe(200);
  });
});

describe('tRPC externalUsers', () => {
  it('serves the react-admin data provider shape over the same services', async () => {
    const res = await call('GET', `/trpc/externalUsers.list?input=${encodeURIComponent(JSON.stringify({ search: 'Alice' }))}`, DIST_ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toMatchObject({ count: 1, result: [{ email: 'admin@alpha.example' }] });
    expect((await call('GET', '/trpc/externalUsers.categories', STAFF)).json().result.data).toHaveLength(2);
    const bad = await call('POST', '/trpc/externalUsers.create', STAFF, valid({ categories: [] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.data.field).toBe('categories');
    expect((await call('GET', `/trpc/externalUsers.list?input=${encodeURIComponent('{}')}`, 'bob@beta.example')).statusCode).toBe(403);
  });
});

const sessionFor = async (id: string) =>
  (await startSession(anonymousContext(t), id)).accessToken;
const insertDistributor = async (values: { email: string; company_id: string | null; distributor_admin?: boolean }) =>
  (
    await t.db
      .insertInto('users')
      .values({ kind: 'distributor', name: 'Extra', password_hash: await hash(PASSWORD), expires_at: new Date(Date.now() + ACCOUNT_PERIOD_MS), ...values })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
const setPw = (id: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/v1/externalUsers/${id}/password`, payload });
const tokenOf = (job: { payload: unknown }) => new URL((job.payload as { params: { link: string } }).params.link).searchParams.get('token')!;

describe('changing the e-mail address of a distributor', () => {
  it('retires the set-password link sent to the old address and sends exactly one new link to the new address', async () => {
    const created = (await call('POST', '/api/v1/externalUsers', STAFF, valid({ email: 'first@epsilon.example', company: { id: companyB } }))).json();
    const [oldLink] = await emailJobs('first@epsilon.example');
    const body = { name: 'New Person', email: 'second@epsilon.example', company: { id: companyB }, categories: [{ productCategoryId: crushers }] };
    expect((await call('PUT', `/api/v1/externalUsers/${created.id}`, STAFF, body)).statusCode).toBe(200);
    expect((await setPw(created.id, { password: 'Another-pw-12', token: tokenOf(oldLink!) })).statusCode).toBe(400);
    // A save that keeps the address (in any case) neither retires the new link nor sends another.
    expect((await call('PUT', `/api/v1/externalUsers/${created.id}`, STAFF, { ...body, email: 'Second@Epsilon.example' })).statusCode).toBe(200);
    const newLinks = await emailJobs('second@epsilon.example');
    expect(newLinks).toHaveLength(1);
    expect(newLinks[0]!.payload).toMatchObject({ template: 'set-password', params: { name: 'New Person' } });
    expect((await setPw(created.id, { password: 'Another-pw-12', token: tokenOf(newLinks[0]!) })).statusCode).toBe(200);
  });

  it('retires a reset link and ends the sessions of a user who has a password, and e-mails the new address nothing', async () => {
    const id = await insertDistributor({ email: 'reset@beta.example', company_id: companyB });
    tokens['reset@beta.example'] = await sessionFor(id);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/externalUsers/forgotpasswordemail', payload: { email: 'reset@beta.example' } })).statusCode).toBe(200);
    const [resetLink] = await emailJobs('reset@beta.example');
    const res = await call('PUT', `/api/v1/externalUsers/${id}`, STAFF, { name: 'Extra', email: 'moved@beta.example', company: { id: companyB }, categories: [{ productCategoryId: crushers }] });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/auth/user', 'reset@beta.example')).statusCode).toBe(401);
    expect((await setPw(id, { password: 'Another-pw-12', token: tokenOf(resetLink!) })).statusCode).toBe(400);
    expect(await emailJobs('moved@beta.example')).toHaveLength(0);
  });
});

describe('a new company name that a live company already has', () => {
  it('answers 409 naming company.name, in any case, and writes no user and no company', async () => {
    const count = async (table: 'users' | 'companies') => Number((await t.db.selectFrom(table).select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = [await count('users'), await count('companies')];
    const created = await call('POST', '/api/v1/externalUsers', STAFF, valid({ email: 'dup@alpha.example', company: { name: 'ALPHA oy' } }));
    expect(created.statusCode).toBe(409);
    expect(created.json()).toMatchObject({ message: expect.stringMatching(/^company\.name: a company with this name exists/), field: 'company.name' });
    const id = ids['old@alpha.example']!;
    const moved = await call('PUT', `/api/v1/externalUsers/${id}`, STAFF, { name: 'Olga Old', email: 'old@alpha.example', company: { name: 'beta ab' }, categories: [{ productCategoryId: crushers }] });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toMatch(/^company\.name/);
    expect([await count('users'), await count('companies')]).toEqual(before);
    expect((await userRow(id)).company_id).toBe(companyA);
  });
});

describe('a distributor admin saving while staff change the same user', () => {
  it('never undoes the staff change of the admin flag', async () => {
    const id = await insertDistributor({ email: 'race@alpha.example', company_id: companyA });
    let put: ReturnType<typeof call> | undefined;
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ distributor_admin: true }).where('id', '=', id).execute();
      put = call('PUT', `/api/v1/externalUsers/${id}`, DIST_ADMIN, { name: 'Rae Race', email: 'race@alpha.example', categories: [{ productCategoryId: screens }] });
      // Commit only once the admin's save waits on the row lock, so it runs after the staff change.
      for (let i = 0; ; i++) {
        const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
        if (waiting.rows[0]!.n > 0) break;
        if (i > 200) throw new Error('the save never waited on the row lock');
        await new Promise((r) => setTimeout(r, 20));
      }
    });
    expect((await put!).statusCode).toBe(403);
    expect(await userRow(id)).toMatchObject({ distributor_admin: true, company_id: companyA, name: 'Extra' });
  });
});

describe('a distributor admin without a company', () => {
  it('is refused with 403 and creates nothing', async () => {
    const id = await insertDistributor({ email: 'lonely@nowhere.example', company_id: null, distributor_admin: true });
    tokens['lonely@nowhere.example'] = await sessionFor(id);
    expect((await call('GET', '/api/v1/externalUsers', 'lonely@nowhere.example')).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/externalUsers', 'lonely@nowhere.example', valid({ email: 'orphan@nowhere.example', company: undefined }))).statusCode).toBe(403);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'orphan@nowhere.example').execute()).toHaveLength(0);
  });
});

describe('activating one\'s own account', () => {
  it('is refused with 403 for a distributor admin, and the expiry stays', async () => {
    const id = ids[DIST_ADMIN]!;
    await t.db.updateTable('users').set({ expires_at: new Date(Date.now() + 86400_000) }).where('id', '=', id).execute();
    const before = (await userRow(id)).expires_at;
    expect((await call('POST', `/api/v1/externalUsers/${id}/activate`, DIST_ADMIN)).statusCode).toBe(403);
    expect((await userRow(id)).expires_at).toEqual(before);
  });
});
