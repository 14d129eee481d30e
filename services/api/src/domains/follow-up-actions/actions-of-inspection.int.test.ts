import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openActionsQuery } from '@insp/db';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedReference, signInRoles, type RoleTokens } from '../equipment/equipment.fixtures.test-helpers.js';

/** Issue 24: the open actions of an inspection's machine, beside its points (api/v1/inspections/{id}/actions) and in its report. */
let t: TestApp;
let tok: RoleTokens;
let users: Record<string, string>;
let machine: string;
let otherMachine: string;
let point: Record<'plate' | 'guard' | 'belt', string>;
let distCompany: string;
let otherCompany: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  tok = await signInRoles(t);
  const ref = await seedReference(t);
  users = Object.fromEntries((await t.db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email, u.id]));
  machine = (await t.db.insertInto('equipment').values({ serial_number: 'B-1', customer_id: ref.customerId }).returning('id').executeTakeFirstOrThrow()).id;
  otherMachine = (await t.db.insertInto('equipment').values({ serial_number: 'B-2', customer_id: ref.customerId }).returning('id').executeTakeFirstOrThrow()).id;
  const pointOf = async (name: string) =>
    (await t.db.insertInto('inspection_points').values({ name, type: 'Comment', product_category_id: ref.categories.crushers.id }).returning('id').executeTakeFirstOrThrow()).id;
  point = { plate: await pointOf('Toggle plate'), guard: await pointOf('Guards'), belt: await pointOf('Belt') };
  distCompany = (await t.db.selectFrom('companies').select('id').where('name', '=', 'Dist Oy').executeTakeFirstOrThrow()).id;
  otherCompany = (await t.db.insertInto('companies').values({ name: 'Other Dist' }).returning('id').executeTakeFirstOrThrow()).id;
  await t.db.insertInto('languages').values([{ id: 'en', name: 'English' }, { id: 'de', name: 'Deutsch' }]).onConflict((oc) => oc.doNothing()).execute();
});
afterAll(() => t?.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

/** A finished inspection of the machine `daysAgo` days back, its results rated on the given library points. */
async function inspection(equipmentId: string, daysAgo: number, results: Array<{ point: string; rating: number }>, opts: { companyId?: string; finished?: boolean } = {}) {
  const i = await t.db
    .insertInto('inspections')
    .values({ name: `Check -${daysAgo}d`, type: 'Weekly', equipment_id: equipmentId, inspection_date: new Date(Date.now() - daysAgo * DAY), company_id: opts.companyId ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (results.length) {
    await t.db.insertInto('inspection_point_results')
      .values(results.map((r, index) => ({ inspection_id: i.id, index, inspection_point_id: r.point, rating: r.rating, content: JSON.stringify({}) })))
      .execute();
  }
  if (opts.finished ?? true) await t.db.updateTable('inspections').set({ finished: true }).where('id', '=', i.id).execute();
  return i.id;
}
/** The proposal of the inspection's result on `pointId`, accepted by the manager (open). */
async function accept(inspectionId: string, pointId: string, body: object = {}) {
  const a = await t.db.selectFrom('follow_up_actions').select('id').where('inspection_id', '=', inspectionId).where('inspection_point_id', '=', pointId).executeTakeFirstOrThrow();
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/actions/${a.id}/accept`, payload: body, headers: { authorization: `Bearer ${tok.manager}` } });
  expect(res.statusCode, res.body).toBe(200);
  return a.id;
}

describe('the open actions of an inspection’s machine', () => {
  let found: string;
  let now: string;
  let plateAction: string;
  let ownAction: string;
  let laterAction: string;

  beforeAll(async () => {
    found = await inspection(machine, 20, [{ point: point.plate, rating: 2 }, { point: point.guard, rating: 3 }, { point: point.belt, rating: 2 }]);
    plateAction = await accept(found, point.plate, { assigneeUserId: users['manager@company.example'], dueOn: '2020-01-31', text: 'Replace the toggle plate' });
    // Guards: left proposed. Belt: accepted, then closed.
    const belt = await accept(found, point.belt);
    await t.app.inject({ method: 'POST', url: `/api/v1/actions/${belt}/close`, payload: { comment: 'Done' }, headers: { authorization: `Bearer ${tok.manager}` } });
    // Another machine's open action on the same point.
    await accept(await inspection(otherMachine, 15, [{ point: point.plate, rating: 3 }]), point.plate);
    // This inspection's own finding, accepted, and one found after it.
    now = await inspection(machine, 5, [{ point: point.plate, rating: 3 }, { point: point.guard, rating: 0 }]);
    ownAction = await accept(now, point.plate, { text: 'Weld the frame' });
    laterAction = await accept(await inspection(machine, 1, [{ point: point.guard, rating: 2 }]), point.guard, { dueOn: '2099-12-31' });
  });

  it('are the open ones earlier inspections of the same machine left, with what to do, due date, overdue and assignee', async () => {
    const res = await get(`/api/v1/inspections/${now}/actions`, tok.inspector);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: plateAction, reason: 'Repair', inspectionPointId: point.plate, pointName: 'Toggle plate', text: 'Replace the toggle plate',
        assigneeName: 'Manager', dueOn: '2020-01-31', overdue: true, inspectionId: found, inspectionName: 'Check -20d',
      }),
    ]);
    const trpc = await get(`/trpc/actions.ofInspection?input=${encodeURIComponent(JSON.stringify({ inspectionId: now }))}`, tok.manager);
    expect(trpc.json().result.data.map((a: { id: string }) => a.id)).toEqual([plateAction]);
    // The later inspection sees both: the one found 20 days ago and this one's own, not its own.
    const later = await t.db.selectFrom('follow_up_actions').select('inspection_id').where('id', '=', laterAction).executeTakeFirstOrThrow();
    expect((await get(`/api/v1/inspections/${later.inspection_id}/actions`, tok.manager)).json().map((a: { id: string }) => a.id).sort()).toEqual([plateAction, ownAction].sort());
  });

  it('are read through the (equipment_id, state) index from the inspection’s row: one machine’s, never the whole table', async () => {
    await sql`analyze follow_up_actions`.execute(t.db);
    // As on a large table, where the planner would not scan it whole.
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const q = openActionsQuery(trx, now, { defaultTimeZone: 'UTC', includeOwn: false }).compile();
      return (await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(q.sql.replace(/\$(\d+)/g, (_, n) => `'${String(q.parameters[Number(n) - 1])}'`))}`.execute(trx)).rows;
    });
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index (Only )?Scan using follow_up_actions_(equipment|point) on follow_up_actions/);
    expect(text).not.toMatch(/Seq Scan on follow_up_actions/);
  });

  it('are shown to whoever may read the inspection: refused below staff User, 404 for another company’s', async () => {
    expect((await get(`/api/v1/inspections/${now}/actions`, tok.nobody)).statusCode).toBe(403);
    expect((await get(`/api/v1/inspections/${now}/actions`)).statusCode).toBe(401);
    // A staff inspection: a distributor may not read it.
    expect((await get(`/api/v1/inspections/${now}/actions`, tok.distUser)).statusCode).toBe(404);
    const theirs = await inspection(machine, 3, [], { companyId: distCompany, finished: false });
    const res = await get(`/api/v1/inspections/${theirs}/actions`, tok.distUser);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((a: { id: string }) => a.id).sort()).toEqual([plateAction, ownAction].sort());
    const elsewhere = await inspection(machine, 3, [], { companyId: otherCompany, finished: false });
    expect((await get(`/api/v1/inspections/${elsewhere}/actions`, tok.distAdmin)).statusCode).toBe(404);
    expect((await get(`/api/v1/inspections/${elsewhere}/actions`, tok.admin)).statusCode).toBe(200);
    expect((await get('/api/v1/inspections/not-an-id/actions', tok.admin)).statusCode).toBe(400);
  });

  it('are none for an inspection without equipment or an audit run', async () => {
    const bare = await t.db.insertInto('inspections').values({ name: 'No machine', type: 'Weekly', inspection_date: new Date() }).returning('id').executeTakeFirstOrThrow();
    expect((await get(`/api/v1/inspections/${bare.id}/actions`, tok.admin)).json()).toEqual([]);
    const audit = await t.db.insertInto('audits').values({ name: 'Audit', inspection_date: new Date() }).returning('id').executeTakeFirstOrThrow();
    const run = await inspection(machine, 0, [], { finished: false });
    await t.db.updateTable('inspections').set({ audit_id: audit.id }).where('id', '=', run).execute();
    expect((await get(`/api/v1/inspections/${run}/actions`, tok.admin)).statusCode).toBe(404);
  });

  it('are printed in the report: its own accepted ones too, none found after it; no section when there are none', async () => {
    const res = await get(`/api/v1/inspections/${now}/reporthtml`, tok.admin);
    expect(res.statusCode, res.body).toBe(200);
    const html = res.body;
    const section = html.slice(html.indexOf('<section class="open-actions">'));
    expect(section).toContain('<h2>Open follow-up actions</h2>');
    const rows = [...section.slice(0, section.indexOf('</section>')).matchAll(/<tr>(.*?)<\/tr>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '|').replace(/\|+/g, '|'));
    expect(rows.slice(1)).toEqual([
      expect.stringMatching(/^\|Toggle plate\|Replace the toggle plate\|To be repaired or replaced\|\d\d\.\d\d\.\d{4}\|31\.01\.2020\|Overdue\|Manager\|$/),
      expect.stringMatching(/^\|Toggle plate\|Weld the frame\|Immediate action\|\d\d\.\d\d\.\d{4}\|—\|—\|$/),
    ]);
    const de = (await get(`/api/v1/inspections/${now}/reporthtml?lang=de`, tok.admin)).body;
    expect(de).toContain('<h2>Offene Folgemaßnahmen</h2>');
    expect(de).toContain('Überfällig');
    const quiet = await inspection(otherMachine, 30, []);
    const none = await get(`/api/v1/inspections/${quiet}/reporthtml`, tok.admin);
    expect(none.statusCode).toBe(200);
    expect(none.body).not.toContain('open-actions');
  });
});
