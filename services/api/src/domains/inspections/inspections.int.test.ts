import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ZInspectionListQuery, type Actor } from '@insp/contracts';
import { createTestApp, signInUsers, type TestApp } from '../../testing/test-app.js';
import { seedReference, signInRoles, type RoleTokens } from '../equipment/equipment.fixtures.test-helpers.js';
import { pageQuery } from '../../lib/list.js';
import { inspectionList } from './inspections-list.service.js';
import type { AuthedContext } from '../../context.js';
import { recordedWebhookEvents, subscribeToEveryEvent } from '../webhooks/webhooks.fixtures.test-helpers.js';

let t: TestApp;
let tok: RoleTokens;
let rater: string;
let ref: Awaited<ReturnType<typeof seedReference>>;
let companyId: string;
let otherCompanyId: string;
const ids: Record<string, string> = {};

const day = (d: number) => new Date(Date.UTC(2026, 0, d));

beforeAll(async () => {
  t = await createTestApp();
  tok = await signInRoles(t);
  ({ rater } = await signInUsers(t, [{ kind: 'staff', email: 'rater@company.example', name: 'Rater', idp_groups: ['inspection'], account_flags: ['Rater'] }]));
  ref = await seedReference(t);
  companyId = (await t.db.selectFrom('companies').select('id').where('name', '=', 'Dist Oy').executeTakeFirstOrThrow()).id;
  otherCompanyId = (await t.db.insertInto('companies').values({ name: 'Other Dist' }).returning('id').executeTakeFirstOrThrow()).id;
  const inspector = await t.db.selectFrom('users').select('id').where('email', '=', 'inspector@company.example').executeTakeFirstOrThrow();
  const rows = [
    { name: 'Daily check JC100', type: 'Daily', status: 'Finished', serial_number: 'S-1', inspection_date: day(5), inspector: 'Ivy Inspector', inspector_user_id: inspector.id },
    { name: 'Weekly check HC300', type: 'Weekly', status: 'In_Use', finished: true, serial_number: 'S-2', inspection_date: day(4), inspector: 'Max Manager', inspector_contact: 'Manager@Company.example' },
    { name: 'Annual <b>big</b> one', type: 'Annual', status: 'Waiting', serial_number: null, inspection_date: day(3), inspector: 'Ivy Inspector', inspector_contact: 'inspector@company.example' },
    { name: 'Dist daily', type: 'Daily', status: 'Finished', serial_number: 'D-1', inspection_date: day(2), inspector: 'Dist User', company_id: null as string | null },
    { name: 'Other dist daily', type: 'Daily', status: 'Finished', serial_number: 'O-1', inspection_date: day(1), inspector: 'Other', company_id: null as string | null },
  ];
  rows[3]!.company_id = companyId;
  rows[4]!.company_id = otherCompanyId;
  const inserted = await t.db
    .insertInto('inspections')
    .values(rows.map((r) => ({ ...r, customer_id: ref.customerId, search_text: `${r.name} ${r.serial_number ?? ''} quarry ltd ${r.inspector}`.toLowerCase() })))
    .returning(['id', 'name'])
    .execute();
  for (const r of inserted) ids[r.name] = r.id;
  // An audit's run is an inspection too, but never a report.
  const audit = await t.db.insertInto('audits').values({ name: 'Site audit', inspection_date: day(6) }).returning('id').executeTakeFirstOrThrow();
  await t.db.insertInto('inspections').values({ name: 'Audit run', type: 'Audit_Machine', inspection_date: day(6), audit_id: audit.id }).execute();
  await subscribeToEveryEvent(t.db);
});
afterAll(() => t?.close());

/** A bare string body goes as JSON ("Ok"), as the existing clients send it; `text` sends it as text/plain. */
const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown, text = false) =>
  t.app.inject({
    method,
    url,
    payload: typeof payload === 'string' && !text ? JSON.stringify(payload) : (payload as object),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(typeof payload === 'string' ? { 'content-type': text ? 'text/plain' : 'application/json' } : {}) },
  });
const names = (res: { json(): { result: Array<{ name: string }> } }) => res.json().result.map((r) => r.name);

describe('GET api/v1/inspections', () => {
  it('lists live reports newest first with the list fields, never audit runs', async () => {
    const res = await call('GET', '/api/v1/inspections', tok.inspector);
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Daily check JC100', 'Weekly check HC300', 'Annual <b>big</b> one', 'Dist daily', 'Other dist daily']);
    expect(res.json().count).toBe(5);
    expect(res.json().result[0]).toMatchObject({
      id: ids['Daily check JC100'], displayName: 'Daily check JC100', serialNumber: 'S-1', inspectionDate: day(5).getTime(),
      type: 'Daily', status: 'Finished', inspector: 'Ivy Inspector', rating: null, finished: false, customerName: 'Quarry Ltd',
    });
  });

  it('filters by types (repeated or comma-separated), searches and pages; the full-page count comes from the counters', async () => {
    expect(names(await call('GET', '/api/v1/inspections?types=Weekly&types=Annual', tok.manager))).toEqual(['Weekly check HC300', 'Annual <b>big</b> one']);
    expect(names(await call('GET', '/api/v1/inspections?types=Weekly,Annual', tok.manager))).toHaveLength(2);
    expect(names(await call('GET', '/api/v1/inspections?search=HC300', tok.manager))).toEqual(['Weekly check HC300']);
    const page = (await call('GET', '/api/v1/inspections?amount=2&offset=0&types=Daily', tok.manager)).json();
    expect(page).toMatchObject({ count: 3 });
    expect(page.result).toHaveLength(2);
  });

  it('searches a multi-word term whole: its words apart or in another order do not match', async () => {
    await sql`analyze inspections`.execute(t.db);
    expect(names(await call('GET', '/api/v1/inspections?search=check%20HC300', tok.manager))).toEqual(['Weekly check HC300']);
    expect(names(await call('GET', '/api/v1/inspections?search=HC300%20check', tok.manager))).toEqual([]);
    expect(names(await call('GET', '/api/v1/inspections?search=d-1', tok.manager))).toEqual(['Dist daily']);
    expect(names(await call('GET', '/api/v1/inspections?search=quarry%20ltd%20ivy', tok.manager))).toEqual(['Daily check JC100', 'Annual <b>big</b> one']);
  });

  it('sorts by every offered key in SQL and refuses others naming orderKey', async () => {
    expect(names(await call('GET', '/api/v1/inspections?orderKey=name&orderDirection=asc&types=Daily', tok.manager))).toEqual(['Daily check JC100', 'Dist daily', 'Other dist daily']);
    expect(names(await call('GET', '/api/v1/inspections?orderKey=status&orderDirection=asc&amount=2', tok.manager))[0]).toMatch(/Daily check|Dist daily|Other dist/);
    for (const key of ['inspectionDate', 'name', 'displayName', 'serialNumber', 'type', 'status', 'inspector']) {
      expect((await call('GET', `/api/v1/inspections?orderKey=${key}&orderDirection=desc`, tok.manager)).statusCode).toBe(200);
    }
    const bad = await call('GET', '/api/v1/inspections?orderKey=rating', tok.manager);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^orderKey/);
    const badType = await call('GET', '/api/v1/inspections?types=Nope', tok.manager);
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toMatch(/^types/);
  });

  it('mineOnly keeps the inspections whose inspector, creator or inspector contact is the caller', async () => {
    expect(names(await call('GET', '/api/v1/inspections?mineOnly=true&amount=10', tok.inspector))).toEqual(['Daily check JC100', 'Annual <b>big</b> one']);
    expect(names(await call('GET', '/api/v1/inspections?mineOnly=true&amount=10', tok.manager))).toEqual(['Weekly check HC300']);
  });

  it("shows a distributor its own company's reports only, counted from its company's counters", async () => {
    const res = (await call('GET', '/api/v1/inspections', tok.distUser)).json();
    expect(res.result.map((r: { name: string }) => r.name)).toEqual(['Dist daily']);
    expect(res.count).toBe(1);
    const full = (await call('GET', '/api/v1/inspections?amount=1', tok.distUser)).json();
    expect(full.count).toBe(1);
  });

  it('refuses level None (403) and a caller without a token (401)', async () => {
    expect((await call('GET', '/api/v1/inspections', tok.nobody)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/inspections')).statusCode).toBe(401);
  });

  it('reads a page in index order: no plan of any sort key or filter sorts the table', async () => {
    const actor: Actor = { userId: '00000000-0000-0000-0000-000000000001', email: 'a@company.example', kind: 'staff', level: 3, flags: [], companyId: null, distributorAdmin: false };
    const distributor: Actor = { ...actor, kind: 'distributor', level: 1, companyId };
    const c = (a: Actor) => ({ db: t.db, actor: a }) as unknown as AuthedContext;
    const plans: string[] = [];
    const queries = [
      ...['inspectionDate', 'name', 'serialNumber', 'type', 'status', 'inspector'].flatMap((orderKey) =>
        ['asc', 'desc'].map((orderDirection) => ({ a: actor, q: { orderKey, orderDirection } })),
      ),
      { a: actor, q: {} },
      { a: distributor, q: {} },
    ];
    await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_sort = off`.execute(trx);
      await sql`set local enable_seqscan = off`.execute(trx);
      for (const { a, q } of queries) {
        const query = ZInspectionListQuery.parse(q);
        const { base, spec } = inspectionList({ ...c(a), db: trx } as AuthedContext, query);
        const compiled = pageQuery(base, query, spec).rows.compile();
        const { rows } = await sql.raw<{ 'QUERY PLAN': string }>(`explain ${compiled.sql}`.replace(/\$(\d+)/g, (_, n) => literal(compiled.parameters[Number(n) - 1]))).execute(trx);
        const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        plans.push(plan);
        expect(plan, `${JSON.stringify(q)} for ${a.kind}:\n${plan}`).not.toMatch(/\bSort\b(?! Key)/);
      }
    });
    expect(plans).toHaveLength(queries.length);
  });
});

function literal(v: unknown): string {
  if (typeof v === 'number') return String(v);
  return `'${String(v).replace(/'/g, "''")}'`;
}

describe('the kept counters', () => {
  it('follow inserts, status changes, soft deletes and moves into an audit, equal to a real count', async () => {
    const real = async () =>
      Number((await t.db.selectFrom('inspections').select(sql<string>`count(*)`.as('n')).where('deleted_at', 'is', null).where('audit_id', 'is', null).executeTakeFirstOrThrow()).n);
    const kept = async () => Number((await t.db.selectFrom('inspection_counts').select(sql<string>`coalesce(sum(n),0)`.as('n')).executeTakeFirstOrThrow()).n);
    const extra = await t.db.insertInto('inspections').values({ name: 'Counter probe', type: 'Monthly', inspection_date: day(9) }).returning('id').executeTakeFirstOrThrow();
    expect(await kept()).toBe(await real());
    await t.db.updateTable('inspections').set({ status: 'Waiting' }).where('id', '=', extra.id).execute();
    const byStatus = await t.db.selectFrom('inspection_counts').select('n').where('type', '=', 'Monthly').where('status', '=', 'Waiting').executeTakeFirstOrThrow();
    expect(Number(byStatus.n)).toBe(1);
    const audit = await t.db.insertInto('audits').values({ name: 'A2', inspection_date: day(9) }).returning('id').executeTakeFirstOrThrow();
    await t.db.updateTable('inspections').set({ audit_id: audit.id }).where('id', '=', extra.id).execute();
    expect(await kept()).toBe(await real());
    await t.db.updateTable('inspections').set({ audit_id: null }).where('id', '=', extra.id).execute();
    await t.db.updateTable('inspections').set({ deleted_at: new Date() }).where('id', '=', extra.id).execute();
    expect(await kept()).toBe(await real());
    await sql`select refresh_inspection_counts()`.execute(t.db);
    expect(await kept()).toBe(await real());
  });
});

describe('PUT api/v1/inspections/{id}/updateStatus', () => {
  it('lets the inspector contact move In_Use to Waiting (e-mail compared case-insensitively), and records it', async () => {
    const id = ids['Weekly check HC300']!;
    expect((await call('PUT', `/api/v1/inspections/${id}/updateStatus`, tok.inspector, { status: 'Waiting' })).statusCode).toBe(403);
    const res = await call('PUT', `/api/v1/inspections/${id}/updateStatus`, tok.manager, 'Waiting');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, status: 'Waiting' });
    // A saved inspection stays finished (its data is complete) when it moves to Waiting.
    expect((await t.db.selectFrom('inspections').select('finished').where('id', '=', id).executeTakeFirstOrThrow()).finished).toBe(true);
    const trail = await t.db.selectFrom('audit_trail').select(['action', 'changes']).where('entity_id', '=', id).execute();
    expect(trail).toEqual([{ action: 'status', changes: { status: ['In_Use', 'Waiting'] } }]);
    // the webhook event, in the same transaction (the refused call recorded none)
    expect((await recordedWebhookEvents(t.db)).filter((e) => e.data.inspectionId === id)).toEqual([
      { type: 'inspection.status_changed', data: { inspectionId: id, from: 'In_Use', to: 'Waiting' } },
    ]);
  });

  it('lets only an Admin mark Finished, which sets finished', async () => {
    const id = ids['Annual <b>big</b> one']!;
    expect((await call('PUT', `/api/v1/inspections/${id}/updateStatus`, tok.inspector, { status: 'Finished' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/v1/inspections/${id}/updateStatus`, tok.manager, { status: 'Finished' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/v1/inspections/${id}/updateStatus`, tok.admin, { status: 'Finished' })).statusCode).toBe(200);
    const row = await t.db.selectFrom('inspections').select(['status', 'finished']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'Finished', finished: true });
    // both in the one transaction (the order between them is not kept)
    expect((await recordedWebhookEvents(t.db)).filter((e) => e.data.inspectionId === id).map((e) => e.type).sort()).toEqual(['inspection.finished', 'inspection.status_changed']);
  });

  it('answers 400 naming status for an unknown status, 404 for another company', async () => {
    const bad = await call('PUT', `/api/v1/inspections/${ids['Daily check JC100']}/updateStatus`, tok.admin, { status: 'Done' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^status/);
    expect((await call('PUT', `/api/v1/inspections/${ids['Other dist daily']}/updateStatus`, tok.distAdmin, { status: 'Waiting' })).statusCode).toBe(404);
  });
});

describe('PUT api/v1/inspections/{id}/rating', () => {
  it('lets an Admin or a Rater rate a finished inspection; a manager, an inspector and a distributor are refused', async () => {
    const id = ids['Daily check JC100']!;
    for (const token of [tok.manager, tok.inspector, tok.distAdmin]) expect((await call('PUT', `/api/v1/inspections/${id}/rating`, token, 'Ok')).statusCode).toBe(403);
    expect((await call('PUT', `/api/v1/inspections/${id}/rating`, rater, 'Nok')).json()).toEqual({ id, rating: 'Nok' });
    expect((await recordedWebhookEvents(t.db)).filter((e) => e.type === 'inspection.rated' && e.data.inspectionId === id)).toEqual([
      { type: 'inspection.rated', data: { inspectionId: id, rating: 'Nok', previousRating: null } },
    ]);
    expect((await call('PUT', `/api/v1/inspections/${id}/rating`, tok.admin, { rating: 'Ok' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/v1/inspections/${id}/rating`, tok.admin, 'Ok', true)).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/inspections?types=Daily&orderKey=name&orderDirection=asc', tok.admin)).json().result[0].rating).toBe('Ok');
  });

  it('refuses a distributor even when its record carries the Rater flag', async () => {
    const { raterdist } = await signInUsers(t, [
      { kind: 'distributor', email: 'raterdist@dist.example', name: 'RD', company_id: companyId, distributor_admin: true, account_flags: ['Rater'], expires_at: new Date(Date.now() + 86400_000) },
    ]);
    expect((await call('PUT', `/api/v1/inspections/${ids['Daily check JC100']}/rating`, raterdist, 'Ok')).statusCode).toBe(403);
  });

  it('refuses to rate an inspection that is not finished (409) and a bad rating (400 naming rating)', async () => {
    const res = await call('PUT', `/api/v1/inspections/${ids['Weekly check HC300']}/rating`, tok.admin, 'Ok');
    expect(res.statusCode).toBe(409);
    const bad = await call('PUT', `/api/v1/inspections/${ids['Daily check JC100']}/rating`, tok.admin, { rating: 'Great' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^rating/);
  });
});

describe('DELETE api/v1/inspections/{id}?force=true', () => {
  it('refuses an inspector and a distributor user; a distributor admin cannot reach another company', async () => {
    const id = ids['Dist daily']!;
    expect((await call('DELETE', `/api/v1/inspections/${id}?force=true`, tok.inspector)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/inspections/${id}?force=true`, tok.distUser)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/inspections/${ids['Other dist daily']}?force=true`, tok.distAdmin)).statusCode).toBe(404);
  });

  it('soft-deletes for a manager: gone from the list and the count, the row stays', async () => {
    const id = ids['Dist daily']!;
    const before = (await call('GET', '/api/v1/inspections?amount=1', tok.manager)).json().count;
    expect((await call('DELETE', `/api/v1/inspections/${id}?force=true`, tok.distAdmin)).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/inspections?amount=1', tok.manager)).json().count).toBe(before - 1);
    expect(names(await call('GET', '/api/v1/inspections', tok.manager))).not.toContain('Dist daily');
    const row = await t.db.selectFrom('inspections').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await call('DELETE', `/api/v1/inspections/${id}`, tok.manager)).statusCode).toBe(404);
  });
});
