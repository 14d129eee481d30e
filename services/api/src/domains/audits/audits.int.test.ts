import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedWebhookEvents, subscribeToEveryEvent } from '../webhooks/webhooks.fixtures.test-helpers.js';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedAuditFixtures, type AuditFixtures } from './audits.fixtures.test-helpers.js';

let t: TestApp;
let f: AuditFixtures;
beforeAll(async () => {
  t = await createTestApp();
  f = await seedAuditFixtures(t);
});
afterAll(() => t?.close());

const names = (res: { json(): { result: { name: string }[] } }) => res.json().result.map((r) => r.name);

describe('creating an audit', () => {
  it('starts it open with the caller as inspector, the customer contact, and its site and operational runs', async () => {
    const a = await f.createAudit();
    expect(a).toMatchObject({
      name: 'Audit Quarry Ltd 2026', finished: false, inspector: 'Inspector', inspectorContact: 'inspector@company.example',
      customer: { id: f.ref.customerId, name: 'Quarry Ltd' }, customerSite: { id: f.ref.siteId, name: 'North pit' },
      contactName: 'Sam Site', contactEmail: 'sam@quarry.example', contactPhoneNumber: '+358 40 1', suggestions: [],
    });
    expect(a.inspectionProtocolRuns.map((r: { protocolRunType: string; inspectionProtocolId: string }) => [r.protocolRunType, r.inspectionProtocolId])).toEqual([
      ['Audit_Site', f.protocols.site.id],
      ['Audit_Site_Operational', f.protocols.operational.id],
    ]);
    expect(a.inspectionProtocolRuns[0].categories[0].inspectionPoints.map((p: { name: string }) => p.name)).toEqual(['Jaw dies wear', 'General remarks']);
    const trail = await t.db.selectFrom('audit_trail').select(['action']).where('entity_id', '=', a.id).execute();
    expect(trail.map((r) => r.action)).toEqual(['create']);
  });

  it("refuses a site of another customer, naming customerSiteId, and a distributor (403)", async () => {
    const other = await t.db.insertInto('customer_sites').values({ customer_id: f.ref.otherCustomerId, name: 'Elsewhere' }).returning('id').executeTakeFirstOrThrow();
    const res = await f.call('POST', '/api/v1/audits', f.tok.inspector, { customerId: f.ref.customerId, customerSiteId: other.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('customerSiteId');
    expect((await f.call('POST', '/api/v1/audits', f.tok.distAdmin, { customerId: f.ref.customerId })).statusCode).toBe(403);
    // The inspector e-mail follows the change-inspector rule from the start.
    const badContact = await f.call('POST', '/api/v1/audits', f.tok.inspector, { customerId: f.ref.customerId, customerSiteId: f.ref.siteId, inspectorContact: 'not an e-mail' });
    expect(badContact.statusCode).toBe(400);
    expect(badContact.json().message).toMatch(/^inspectorContact/);
  });
});

describe('the audit list', () => {
  beforeAll(async () => {
    await f.createAudit(f.tok.manager, { name: 'Beta plant', inspectionDate: Date.UTC(2025, 5, 1) });
    await f.createAudit(f.tok.manager, { name: 'Alpha plant', inspectionDate: Date.UTC(2024, 5, 1), inspector: 'Zed Auditor', inspectorContact: 'zed@company.example' });
  });

  it('pages newest first by default and counts', async () => {
    const res = await f.call('GET', '/api/v1/audits?amount=2', f.tok.inspector);
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBeGreaterThanOrEqual(3);
    expect(names(res)).toEqual(['Audit Quarry Ltd 2026', 'Beta plant']);
    const page2 = await f.call('GET', '/api/v1/audits?amount=2&offset=2', f.tok.inspector);
    expect(names(page2)[0]).toBe('Alpha plant');
    expect(res.json().result[0]).toMatchObject({ customerName: 'Quarry Ltd', siteName: 'North pit', finished: false });
  });

  it('sorts by name and inspector and refuses other keys naming orderKey', async () => {
    expect(names(await f.call('GET', '/api/v1/audits?orderKey=name&orderDirection=asc', f.tok.inspector))).toEqual(['Alpha plant', 'Audit Quarry Ltd 2026', 'Beta plant']);
    expect(names(await f.call('GET', '/api/v1/audits?orderKey=inspector&orderDirection=desc', f.tok.inspector))[0]).toBe('Alpha plant');
    const bad = await f.call('GET', '/api/v1/audits?orderKey=rating', f.tok.inspector);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^orderKey/);
  });

  it('sorts by customer and by status, My audits (mineOnly) too (issue 20: they were a 400)', async () => {
    const other = await t.db.insertInto('customers').values({ name: 'aggregates Oy' }).returning('id').executeTakeFirstOrThrow();
    const early = await f.createAudit(f.tok.manager, { name: 'Gamma plant', customerId: other.id, customerSiteId: null, inspectionDate: Date.UTC(2023, 0, 1) });
    await f.call('PUT', `/api/v1/audits/${early.id}/finished`, f.tok.manager, true);
    const customers = (res: { json(): { result: { customerName: string }[] } }) => res.json().result.map((r) => r.customerName);
    for (const key of ['customerName', 'customer']) {
      // 'aggregates Oy' before 'Quarry Ltd' ignoring case
      const asc = await f.call('GET', `/api/v1/audits?orderKey=${key}&orderDirection=asc&mineOnly=true`, f.tok.manager);
      expect(asc.statusCode).toBe(200);
      expect(customers(asc)).toEqual(['aggregates Oy', 'Quarry Ltd', 'Quarry Ltd']);
      expect(customers(await f.call('GET', `/api/v1/audits?orderKey=${key}&orderDirection=desc&mineOnly=true`, f.tok.manager))).toEqual(['Quarry Ltd', 'Quarry Ltd', 'aggregates Oy']);
      expect(customers(await f.call('GET', `/api/v1/audits?orderKey=${key}&orderDirection=asc`, f.tok.inspector))[0]).toBe('aggregates Oy');
    }
    for (const key of ['finished', 'status']) {
      const desc = await f.call('GET', `/api/v1/audits?orderKey=${key}&orderDirection=desc&mineOnly=true`, f.tok.manager);
      expect(desc.statusCode).toBe(200);
      expect(names(desc)[0]).toBe('Gamma plant');
      expect(desc.json().result.map((r: { finished: boolean }) => r.finished)).toEqual([true, false, false]);
      expect(names(await f.call('GET', `/api/v1/audits?orderKey=${key}&orderDirection=asc&mineOnly=true`, f.tok.manager)).at(-1)).toBe('Gamma plant');
    }
    // the same through tRPC, as My audits asks
    const input = { offset: 0, amount: 10, search: '', orderKey: 'finished', orderDirection: 'desc', mineOnly: true };
    const page = await t.app.inject({ method: 'GET', url: `/trpc/audits.list?input=${encodeURIComponent(JSON.stringify(input))}`, headers: { authorization: `Bearer ${f.tok.manager}` } });
    expect(page.json().result.data.result[0].name).toBe('Gamma plant');
    await t.db.updateTable('audits').set({ deleted_at: new Date() }).where('id', '=', early.id).execute();
  });

  it('searches name, customer and inspector, and mineOnly keeps the caller’s', async () => {
    expect(names(await f.call('GET', '/api/v1/audits?search=zed', f.tok.inspector))).toEqual(['Alpha plant']);
    expect(names(await f.call('GET', '/api/v1/audits?search=quarry%20ltd', f.tok.inspector))).toHaveLength(3);
    expect(names(await f.call('GET', '/api/v1/audits?search=beta', f.tok.inspector))).toEqual(['Beta plant']);
    expect(names(await f.call('GET', '/api/v1/audits?mineOnly=true', f.tok.manager))).toEqual(['Beta plant', 'Alpha plant']);
  });

  it('uses the audits indexes: no plan of a sort key sorts the table', async () => {
    await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_sort = off`.execute(trx);
      await sql`set local enable_seqscan = off`.execute(trx);
      for (const key of ['inspectionDate', 'name', 'inspector', 'finished']) {
        for (const dir of ['asc', 'desc']) {
          const dirSql = sql.raw(dir);
          const col = sql.raw({ inspectionDate: 'inspection_date', name: 'name', inspector: 'inspector', finished: 'finished' }[key]!);
          const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select a.id from audits a left join customers cu on cu.id = a.customer_id
            where a.deleted_at is null order by a.${col} ${dirSql}, a.id ${dirSql} limit 50`.execute(trx);
          expect(rows.map((r) => r['QUERY PLAN']).join('\n'), `${key} ${dir}`).not.toMatch(/Sort/);
        }
      }
    });
  });

  it('is refused to distributors (403), level None (403) and without a token (401)', async () => {
    expect((await f.call('GET', '/api/v1/audits', f.tok.distUser)).statusCode).toBe(403);
    expect((await f.call('GET', '/api/v1/audits', f.tok.distAdmin)).statusCode).toBe(403);
    expect((await f.call('GET', '/api/v1/audits', f.tok.nobody)).statusCode).toBe(403);
    expect((await f.call('GET', '/api/v1/audits')).statusCode).toBe(401);
  });
});

describe('audit texts, inspector, suggestions, finish and delete', () => {
  let id: string;
  beforeAll(async () => {
    id = (await f.createAudit()).id;
  });
  const get = async () => (await f.call('GET', `/api/v1/audits/${id}`, f.tok.inspector)).json();

  it('autosaves comment, internalComment and summary from a JSON string or text/plain; other fields are 404', async () => {
    expect((await f.call('PUT', `/api/v1/audits/${id}/comment`, f.tok.inspector, 'Public words')).statusCode).toBe(200);
    expect((await f.call('PUT', `/api/v1/audits/${id}/internalComment`, f.tok.inspector, 'Only for us', 'text/plain')).statusCode).toBe(200);
    expect((await f.call('PUT', `/api/v1/audits/${id}/summary`, f.tok.inspector, { text: 'All good' })).statusCode).toBe(200);
    expect(await get()).toMatchObject({ comment: 'Public words', internalComment: 'Only for us', summary: 'All good' });
    expect((await f.call('PUT', `/api/v1/audits/${id}/name`, f.tok.inspector, 'Renamed')).statusCode).toBe(404);
    const bad = await f.call('PUT', `/api/v1/audits/${id}/comment`, f.tok.inspector, 'bell\u0007');
    expect(bad.statusCode).toBe(400);
  });

  it('changes the inspector, and refuses an empty name naming inspector', async () => {
    const res = await f.call('PUT', `/api/v1/audits/${id}/inspector`, f.tok.inspector, { inspector: 'Manager', inspectorContact: 'manager@company.example' });
    expect(res.json()).toEqual({ id, inspector: 'Manager', inspectorContact: 'manager@company.example' });
    const bad = await f.call('PUT', `/api/v1/audits/${id}/inspector`, f.tok.inspector, { inspector: '', inspectorContact: 'x@y.example' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('inspector');
    const badMail = await f.call('PUT', `/api/v1/audits/${id}/inspector`, f.tok.inspector, { inspector: 'X', inspectorContact: 'not an address' });
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json().field).toBe('inspectorContact');
    const runs = await t.db.selectFrom('inspections').select('inspector').where('audit_id', '=', id).execute();
    expect(runs.every((r) => r.inspector === 'Manager')).toBe(true);
  });

  it("changes the audit's name, date and site with its runs; refuses another customer's site, an empty name and a distributor (issue 20)", async () => {
    const site2 = (await t.db.insertInto('customer_sites').values({ customer_id: f.ref.customerId, name: 'South pit' }).returning('id').executeTakeFirstOrThrow()).id;
    const when = Date.UTC(2026, 4, 12, 7);
    const res = await f.call('PUT', `/api/v1/audits/${id}/details`, f.tok.inspector, { name: 'Spring audit', inspectionDate: when, customerSiteId: site2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Spring audit', inspectionDate: when, customerSite: { id: site2, name: 'South pit' } });
    const runs = await t.db.selectFrom('inspections').select(['inspection_date', 'customer_site_id']).where('audit_id', '=', id).execute();
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.every((r) => r.inspection_date.getTime() === when && r.customer_site_id === site2)).toBe(true);
    // found under its new name
    const listed = await f.call('GET', '/api/v1/audits?search=spring%20audit', f.tok.inspector);
    expect(listed.json().result.map((a: { id: string }) => a.id)).toContain(id);

    const otherCustomer = (await t.db.insertInto('customers').values({ name: 'Elsewhere Oy' }).returning('id').executeTakeFirstOrThrow()).id;
    const foreignSite = (await t.db.insertInto('customer_sites').values({ customer_id: otherCustomer, name: 'Far pit' }).returning('id').executeTakeFirstOrThrow()).id;
    const bad = await f.call('PUT', `/api/v1/audits/${id}/details`, f.tok.inspector, { name: 'Spring audit', inspectionDate: when, customerSiteId: foreignSite });
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'customerSiteId' });
    const empty = await f.call('PUT', `/api/v1/audits/${id}/details`, f.tok.inspector, { name: ' ', inspectionDate: when, customerSiteId: null });
    expect(empty.json()).toMatchObject({ statusCode: 400, field: 'name' });
    expect((await f.call('PUT', `/api/v1/audits/${id}/details`, f.tok.distAdmin, { name: 'x', inspectionDate: when, customerSiteId: null })).statusCode).toBe(403);
    expect((await get()).name).toBe('Spring audit');
  });

  it('adds, edits and deletes suggestions in their three lists', async () => {
    const add = await f.call('POST', `/api/v1/audits/${id}/suggestions`, f.tok.inspector, { type: 'ShortTerm', text: 'Replace meshes' });
    expect(add.statusCode).toBe(201);
    const s = add.json();
    await f.call('POST', `/api/v1/audits/${id}/suggestions`, f.tok.inspector, { type: 'LongTerm', text: 'New screen' });
    expect((await f.call('PUT', `/api/v1/audits/${id}/suggestions/${s.id}`, f.tok.inspector, 'Replace top meshes')).json()).toEqual({ id: s.id, type: 'ShortTerm', text: 'Replace top meshes' });
    // the suggestion sent back as read, edited: its id is known; another suggestion's id is a 400
    expect((await f.call('PUT', `/api/v1/audits/${id}/suggestions/${s.id}`, f.tok.inspector, { id: s.id, type: 'ShortTerm', text: 'Replace top meshes' })).statusCode).toBe(200);
    expect((await f.call('PUT', `/api/v1/audits/${id}/suggestions/${s.id}`, f.tok.inspector, { id: crypto.randomUUID(), text: 'x' })).json()).toMatchObject({ statusCode: 400, field: 'id' });
    const bad = await f.call('POST', `/api/v1/audits/${id}/suggestions`, f.tok.inspector, { type: 'Someday', text: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('type');
    expect((await get()).suggestions.map((x: { text: string }) => x.text)).toEqual(['New screen', 'Replace top meshes']);
    expect((await f.call('DELETE', `/api/v1/audits/${id}/suggestions/${s.id}`, f.tok.inspector)).statusCode).toBe(200);
    expect((await get()).suggestions).toHaveLength(1);
  });

  it('proposes a short-term suggestion for a point rated repair or immediate action until it is accepted or dismissed', async () => {
    const site = (await get()).inspectionProtocolRuns[0];
    const pp = f.protocols.site.points;
    const post = async (point: string, body: unknown) => (await f.call('POST', `/api/v1/audits/${id}/runs/${site.id}/points/${point}/result`, f.tok.inspector, body)).json();
    const repair = await post(pp[f.points.radio]!, { selection: 'Damaged', comment: 'Repair or replace.', rating: 'Repair' });
    const urgent = await post(pp[f.points.comment]!, { comment: 'Guard missing', rating: 'ImmediateAction' });
    expect((await get()).proposals).toEqual([
      { resultId: repair.id, runId: site.id, rating: 'Repair', type: 'ShortTerm', text: 'Site audit · Jaw dies wear: Repair or replace.' },
      { resultId: urgent.id, runId: site.id, rating: 'ImmediateAction', type: 'ShortTerm', text: 'Site audit · General remarks: Guard missing' },
    ]);
    const accepted = await f.call('POST', `/api/v1/audits/${id}/suggestions`, f.tok.inspector, { type: 'ShortTerm', text: 'Replace the jaw dies', sourceResultId: repair.id });
    expect(accepted.statusCode).toBe(201);
    const dismiss = () => f.call('POST', `/api/v1/audits/${id}/suggestions/proposals/${urgent.id}/dismiss`, f.tok.inspector);
    expect((await dismiss()).json()).toEqual({ resultId: urgent.id, dismissed: true });
    expect((await dismiss()).statusCode).toBe(200);
    expect((await get()).proposals).toEqual([]);
    const again = await f.call('POST', `/api/v1/audits/${id}/suggestions`, f.tok.inspector, { type: 'ShortTerm', text: 'x', sourceResultId: urgent.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().field).toBe('sourceResultId');
    expect((await f.call('POST', `/api/v1/audits/${id}/suggestions/proposals/${repair.id}/dismiss`, f.tok.inspector)).statusCode).toBe(409);
    expect((await f.call('DELETE', `/api/v1/audits/${id}/suggestions/${accepted.json().id}`, f.tok.inspector)).statusCode).toBe(200);
    const after = await get();
    expect(after.proposals).toEqual([]);
    expect(after.suggestions.map((x: { text: string }) => x.text)).not.toContain('Replace the jaw dies');
    const foreign = await f.call('POST', `/api/v1/audits/${id}/suggestions`, f.tok.inspector, { type: 'ShortTerm', text: 'x', sourceResultId: crypto.randomUUID() });
    expect(foreign.json().field).toBe('sourceResultId');
  });

  it('finishing blocks every edit with 409 naming finished; reopening restores them', async () => {
    const runId = (await get()).inspectionProtocolRuns[0].id;
    const suggestionId = (await get()).suggestions[0].id;
    const siteRun = (await get()).inspectionProtocolRuns.find((r: { protocolType: string }) => r.protocolType === 'Audit_Site')!.id;
    const created = await f.call('POST', `/api/v1/audits/${id}/runs/${siteRun}/points/${f.protocols.site.points[f.points.radio]}/result`, f.tok.inspector, { selection: 'Good', rating: 'Ok' });
    const resultId = created.json().id as string;
    expect((await f.call('PUT', `/api/v1/audits/${id}/finished`, f.tok.inspector, true)).json()).toEqual({ id, finished: true });
    const edits: [string, string, unknown][] = [
      ['PUT', 'comment', 'x'], ['PUT', 'summary', 'x'], ['PUT', 'inspector', { inspector: 'X' }],
      ['POST', 'suggestions', { type: 'ShortTerm', text: 'x' }], ['PUT', `suggestions/${suggestionId}`, 'x'], ['DELETE', `suggestions/${suggestionId}`, undefined],
      ['POST', 'runs', { protocolId: f.protocols.site.id, protocolRunType: 'Audit_Site' }], ['DELETE', `runs/${runId}`, undefined],
      ['PUT', `runs/${runId}/includedInReport`, false], ['PUT', `runs/${runId}/protocol/${f.protocols.site.id}`, undefined],
      ['PUT', `runs/${runId}/equipment`, { id: f.equipment }],
      ['POST', `runs/${runId}/points/${f.protocols.site.points[f.points.radio]}/result`, { selection: 'Good', rating: 'Ok' }],
      ['PUT', 'internalComment', 'x'], ['POST', 'runs', { protocolId: f.protocols.site.id, protocolRunType: 'Audit_Site', cloneRunId: runId }],
      ['PUT', `pointResults/${resultId}`, { selection: 'Worn', rating: 'Follow' }],
      ['PUT', `pointResults/${resultId}/images/00000000-0000-4000-8000-000000000009/caption`, 'x'],
      ['PUT', `pointResults/${resultId}/images/00000000-0000-4000-8000-000000000009/layout`, 'Fullscreen'],
    ];
    for (const [method, path, body] of edits) {
      const res = await f.call(method as 'PUT', `/api/v1/audits/${id}/${path}`, f.tok.inspector, body);
      expect(res.statusCode, `${method} ${path}`).toBe(409);
      expect(res.json().field).toBe('finished');
    }
    expect((await f.call('PUT', `/api/v1/audits/${id}/finished`, f.tok.inspector, 'false', 'text/plain')).json()).toEqual({ id, finished: false });
    expect((await f.call('PUT', `/api/v1/audits/${id}/comment`, f.tok.inspector, 'Open again')).statusCode).toBe(200);
    expect((await f.call('PUT', `/api/v1/audits/${id}/finished`, f.tok.inspector, 'maybe')).statusCode).toBe(400);
    const trail = await t.db.selectFrom('audit_trail').select('action').where('entity_id', '=', id).orderBy('id').execute();
    expect(trail.map((r) => r.action)).toEqual(expect.arrayContaining(['finish', 'reopen', 'text', 'inspector', 'suggestion.add']));
    // one webhook event per real change: finished, then reopened
    await subscribeToEveryEvent(t.db);
    expect((await f.call('PUT', `/api/v1/audits/${id}/finished`, f.tok.inspector, true)).statusCode).toBe(200);
    expect((await f.call('PUT', `/api/v1/audits/${id}/finished`, f.tok.inspector, true)).statusCode).toBe(200);
    expect((await f.call('PUT', `/api/v1/audits/${id}/finished`, f.tok.inspector, false)).statusCode).toBe(200);
    expect((await recordedWebhookEvents(t.db)).filter((e) => e.data.auditId === id)).toEqual([
      { type: 'audit.finished', data: { auditId: id } },
      { type: 'audit.reopened', data: { auditId: id } },
    ]);
  });

  it('delete is for managers and above: an inspector is refused (403), a manager deletes (soft), then 404', async () => {
    expect((await f.call('DELETE', `/api/v1/audits/${id}`, f.tok.inspector)).statusCode).toBe(403);
    expect((await f.call('DELETE', `/api/v1/audits/${id}`, f.tok.distAdmin)).statusCode).toBe(403);
    expect((await f.call('DELETE', `/api/v1/audits/${id}`, f.tok.manager)).statusCode).toBe(200);
    expect((await f.call('GET', `/api/v1/audits/${id}`, f.tok.inspector)).statusCode).toBe(404);
    expect((await f.call('PUT', `/api/v1/audits/${id}/comment`, f.tok.inspector, 'x')).statusCode).toBe(404);
    expect(await t.db.selectFrom('audits').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow()).toMatchObject({ deleted_at: expect.any(Date) });
  });

  it('every audit call refuses a distributor (403)', async () => {
    const other = (await f.createAudit()).id;
    for (const [method, path, body] of [['GET', '', undefined], ['PUT', '/finished', true], ['PUT', '/comment', 'x'], ['POST', '/suggestions', { type: 'ShortTerm', text: 'x' }]] as const) {
      expect((await f.call(method, `/api/v1/audits/${other}${path}`, f.tok.distUser, body)).statusCode, `${method} ${path}`).toBe(403);
    }
  });
});
