import { sql } from 'kysely';
import type { Db } from '@insp/db';
import { anonymousContext, type TestApp } from '../../testing/test-app.js';
import { startSession } from '../auth/session.service.js';

/** Users of every role this slice's tests need, signed in; returns a bearer token per role. */
export async function signInRoles(t: TestApp) {
  const company = await t.db.insertInto('companies').values({ name: 'Dist Oy' }).returning('id').executeTakeFirstOrThrow();
  const future = new Date(Date.now() + 30 * 86400_000);
  const users = await t.db
    .insertInto('users')
    .values([
      { kind: 'staff', email: 'admin@company.example', name: 'Admin', idp_groups: ['admin'] },
      { kind: 'staff', email: 'manager@company.example', name: 'Manager', idp_groups: ['manager'] },
      { kind: 'staff', email: 'inspector@company.example', name: 'Inspector', idp_groups: ['inspection'] },
      { kind: 'staff', email: 'nobody@company.example', name: 'Nobody', idp_groups: [] },
      { kind: 'distributor', email: 'dist.admin@dist.example', name: 'Dist Admin', company_id: company.id, distributor_admin: true, expires_at: future },
      { kind: 'distributor', email: 'dist.user@dist.example', name: 'Dist User', company_id: company.id, expires_at: future },
    ])
    .returning(['id', 'email'])
    .execute();
  const ctx = anonymousContext(t);
  const token = async (email: string) => (await startSession(ctx, users.find((u) => u.email === email)!.id)).accessToken;
  return {
    admin: await token('admin@company.example'),
    manager: await token('manager@company.example'),
    inspector: await token('inspector@company.example'),
    nobody: await token('nobody@company.example'),
    distAdmin: await token('dist.admin@dist.example'),
    distUser: await token('dist.user@dist.example'),
  };
}
export type RoleTokens = Awaited<ReturnType<typeof signInRoles>>;

/** Two categories, families with models, a customer with a site. */
export async function seedReference(t: TestApp) {
  const [crushers, screens] = await t.db
    .insertInto('product_categories')
    .values([{ name: 'Crushers' }, { name: 'Screens' }])
    .returning(['id', 'name'])
    .execute();
  const fam = async (name: string, categoryId: string, models: string[]) => {
    const f = await t.db.insertInto('product_families').values({ name, long_name: `${name} long`, product_category_id: categoryId }).returning('id').executeTakeFirstOrThrow();
    const ms = await t.db.insertInto('product_models').values(models.map((m) => ({ name: m, product_family_id: f.id }))).returning(['id', 'name']).execute();
    return { id: f.id, name, models: Object.fromEntries(ms.map((m) => [m.name, m.id])) as Record<string, string> };
  };
  const jaw = await fam('Jaw JC', crushers!.id, ['JC100', 'JC200']);
  const cone = await fam('Cone HC', crushers!.id, ['HC300']);
  const deck = await fam('Deck SC', screens!.id, ['SC1']);
  const customer = await t.db.insertInto('customers').values({ name: 'Quarry Ltd' }).returning('id').executeTakeFirstOrThrow();
  const site = await t.db.insertInto('customer_sites').values({ customer_id: customer.id, name: 'North pit' }).returning('id').executeTakeFirstOrThrow();
  const other = await t.db.insertInto('customers').values({ name: 'Gravel Inc' }).returning('id').executeTakeFirstOrThrow();
  return { categories: { crushers: crushers!, screens: screens! }, jaw, cone, deck, customerId: customer.id, siteId: site.id, otherCustomerId: other.id };
}

/**
 * A race, made deterministic: `hold` runs in a transaction of its own (another connection) and stays uncommitted
 * while `call` starts; once `call` waits on a row lock (or has finished, or 3 s passed) the transaction commits.
 * Answers what `call` answered.
 */
export async function raceWithTransaction<T>(t: TestApp, hold: (trx: Db) => Promise<unknown>, call: () => Promise<T>): Promise<T> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let held!: () => void;
  const holding = new Promise<void>((r) => (held = r));
  const tx = t.db.transaction().execute(async (trx) => {
    await hold(trx);
    held();
    await released;
  });
  await Promise.race([holding, tx]);
  let settled = false;
  const pending = call().finally(() => (settled = true));
  for (let i = 0; i < 60 && !settled; i++) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
    if (rows[0]!.n > 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  release();
  await tx;
  return pending;
}
