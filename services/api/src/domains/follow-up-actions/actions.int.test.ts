import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedReference, signInRoles, type RoleTokens } from '../equipment/equipment.fixtures.test-helpers.js';

let t: TestApp;
let tok: RoleTokens;
let users: Record<string, string>;
let machine: string;
let otherMachine: string;

beforeAll(async () => {
  t = await createTestApp();
  tok = await signInRoles(t);
  const ref = await seedReference(t);
  users = Object.fromEntries((await t.db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email, u.id]));
  machine = (await t.db.insertInto('equipment').values({ serial_number: 'A-1', customer_id: ref.customerId }).returning('id').executeTakeFirstOrThrow()).id;
  otherMachine = (await t.db.insertInto('equipment').values({ serial_number: 'A-2', customer_id: ref.otherCustomerId }).returning('id').executeTakeFirstOrThrow()).id;
  await t.db.insertInto('webhook_endpoints').values({ url: 'http://127.0.0.1:9/hook', secret: 'whsec_' + 'a'.repeat(32), events: ['action.created', 'action.assigned', 'action.closed'] }).execute();
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
const limits = { criticalLow: 1, low: 5, high: 20, criticalHigh: 30 };

/** An unfinished inspection of the machine with results: rating names or a measured value against `limits`. */
async function inspection(equipmentId: string, results: Array<{ name: string; rating?: number; value?: string; limits?: object }>, at = new Date()) {
  const i = await t.db.insertInto('inspections').values({ name: 'Weekly check', type: 'Weekly', equipment_id: equipmentId, inspection_date: at }).returning('id').executeTakeFirstOrThrow();
  const rows = !results.length ? [] : await t.db
    .insertInto('inspection_point_results')
    .values(results.map((r, index) => ({ inspection_id: i.id, index, name_override: r.name, rating: r.rating ?? 0, value: r.value ?? null, content: JSON.stringify(r.limits ? { limits: r.limits } : {}) })))
    .returning(['id', 'name_override'])
    .execute();
  return { id: i.id, result: Object.fromEntries(rows.map((r) => [r.name_override!, r.id])) as Record<string, string> };
}
const finish = (id: string, finished = true) => t.db.updateTable('inspections').set({ finished }).where('id', '=', id).execute();
const proposals = async (inspectionId: string) =>
  (await t.db.selectFrom('follow_up_actions').select(['point_name', 'reason', 'state']).where('inspection_id', '=', inspectionId).orderBy('point_name').execute()).map((r) => `${r.point_name}:${r.reason}:${r.state}`);
const actionOf = async (resultId: string) => (await t.db.selectFrom('follow_up_actions').select('id').where('result_id', '=', resultId).executeTakeFirstOrThrow()).id;

describe('proposals', () => {
  it('come from a finished inspection: Repair, ImmediateAction and values past their limits', async () => {
    const i = await inspection(machine, [
      { name: 'Jaw plates', rating: 2 },
      { name: 'Guards', rating: 3 },
      { name: 'Belt', rating: 0 },
      { name: 'Oil temp', value: '35', limits },
      { name: 'Pressure', value: '4,5', limits },
      { name: 'Gap', value: '12', limits },
      { name: 'Note', value: 'see photo', limits },
    ]);
    expect(await proposals(i.id)).toEqual([]);
    await finish(i.id);
    expect(await proposals(i.id)).toEqual(['Guards:ImmediateAction:proposed', 'Jaw plates:Repair:proposed', 'Oil temp:OutOfLimits:proposed', 'Pressure:OutOfLimits:proposed']);
    // Reopened: undecided proposals go; finished again: back.
    await finish(i.id, false);
    expect(await proposals(i.id)).toEqual([]);
    await finish(i.id);
    expect(await proposals(i.id)).toHaveLength(4);
    // A result set right on the finished inspection withdraws its proposal; a new finding adds one.
    await t.db.updateTable('inspection_point_results').set({ rating: 0 }).where('id', '=', i.result['Jaw plates']!).execute();
    await t.db.updateTable('inspection_point_results').set({ value: '3' }).where('id', '=', i.result['Gap']!).execute();
    expect(await proposals(i.id)).toEqual(['Gap:OutOfLimits:proposed', 'Guards:ImmediateAction:proposed', 'Oil temp:OutOfLimits:proposed', 'Pressure:OutOfLimits:proposed']);
  });

  it('are judged at commit, when a save writes the inspection before its results', async () => {
    const i = await inspection(machine, [{ name: 'Bearing', rating: 0 }]);
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('inspections').set({ finished: true }).where('id', '=', i.id).execute();
      await trx.updateTable('inspection_point_results').set({ rating: 3 }).where('id', '=', i.result['Bearing']!).execute();
    });
    expect(await proposals(i.id)).toEqual(['Bearing:ImmediateAction:proposed']);
  });

  it('never come from audit runs or deleted inspections, nor from machines without equipment', async () => {
    const audit = await t.db.insertInto('audits').values({ name: 'Audit', inspection_date: new Date() }).returning('id').executeTakeFirstOrThrow();
    const run = await inspection(machine, [{ name: 'Run point', rating: 3 }]);
    await t.db.updateTable('inspections').set({ audit_id: audit.id }).where('id', '=', run.id).execute();
    await finish(run.id);
    expect(await proposals(run.id)).toEqual([]);
    const gone = await inspection(machine, [{ name: 'Deleted point', rating: 3 }]);
    await finish(gone.id);
    expect(await proposals(gone.id)).toHaveLength(1);
    await t.db.updateTable('inspections').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute();
    expect(await proposals(gone.id)).toEqual([]);
  });

  it('stay dismissed with their reason, also after the inspection is reopened and finished again', async () => {
    const i = await inspection(machine, [{ name: 'Liner', rating: 2 }]);
    await finish(i.id);
    const id = await actionOf(i.result['Liner']!);
    const res = await call('POST', `/api/v1/actions/${id}/dismiss`, tok.manager, { reason: 'Replaced at the last service' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'dismissed', dismissReason: 'Replaced at the last service', decidedByName: 'Manager' });
    expect((await call('POST', `/api/v1/actions/${id}/dismiss`, tok.manager, { reason: 'again' })).json().dismissReason).toBe('Replaced at the last service');
    await finish(i.id, false);
    await finish(i.id);
    expect(await proposals(i.id)).toEqual(['Liner:Repair:dismissed']);
    expect((await call('POST', `/api/v1/actions/${id}/accept`, tok.manager, {})).statusCode).toBe(409);
  });
});

describe('actions', () => {
  it('are accepted, assigned, listed as overdue and closed with the inspection that shows the fix; each step an event', async () => {
    const found = await inspection(machine, [{ name: 'Toggle plate', rating: 3 }], new Date(Date.now() - 20 * 86_400_000));
    await finish(found.id);
    const id = await actionOf(found.result['Toggle plate']!);
    const accepted = await call('POST', `/api/v1/actions/${id}/accept`, tok.manager, { assigneeUserId: users['inspector@company.example'], dueOn: '2020-01-31', text: 'Replace the toggle plate' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ state: 'open', assigneeName: 'Inspector', dueOn: '2020-01-31', overdue: true, text: 'Replace the toggle plate', serialNumber: 'A-1', pointName: 'Toggle plate' });

    const mine = (await call('GET', '/api/v1/actions?overdue=true', tok.inspector)).json();
    expect(mine.result.map((a: { id: string }) => a.id)).toEqual([id]);
    expect((await call('GET', '/api/v1/actions?assigneeUserId=me', tok.manager)).json().count).toBe(0);

    // The fix must be a later finished inspection of the same machine.
    const elsewhere = await inspection(otherMachine, []);
    await finish(elsewhere.id);
    const wrongMachine = await call('POST', `/api/v1/actions/${id}/close`, tok.inspector, { comment: 'Done', fixedByInspectionId: elsewhere.id });
    expect(wrongMachine.statusCode).toBe(400);
    expect(wrongMachine.json().message).toMatch(/^fixedByInspectionId: must be an inspection of the same equipment/);
    const unfinished = await inspection(machine, []);
    expect((await call('POST', `/api/v1/actions/${id}/close`, tok.inspector, { comment: 'Done', fixedByInspectionId: unfinished.id })).json().message).toMatch(/^fixedByInspectionId: must be a finished inspection/);
    expect((await call('POST', `/api/v1/actions/${id}/close`, tok.inspector, { comment: '' })).json().message).toMatch(/^comment/);
    // Another inspector may not close it.
    const other = await t.db.insertInto('users').values({ kind: 'staff', email: 'other@company.example', name: 'Other', idp_groups: ['inspection'] }).returning('id').executeTakeFirstOrThrow();
    await call('PUT', `/api/v1/actions/${id}/assignment`, tok.manager, { assigneeUserId: other.id });
    expect((await call('POST', `/api/v1/actions/${id}/close`, tok.inspector, { comment: 'Done' })).statusCode).toBe(403);
    await call('PUT', `/api/v1/actions/${id}/assignment`, tok.manager, { assigneeUserId: users['inspector@company.example'] });

    await finish(unfinished.id);
    const closed = await call('POST', `/api/v1/actions/${id}/close`, tok.inspector, { comment: 'Plate replaced', fixedByInspectionId: unfinished.id });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ state: 'closed', closeComment: 'Plate replaced', fixedByInspectionId: unfinished.id, closedByName: 'Inspector', overdue: false });
    expect((await call('POST', `/api/v1/actions/${id}/close`, tok.manager, { comment: 'again' })).statusCode).toBe(409);

    const events = await sql<{ type: string; action: string }>`select type, body::jsonb->'data'->>'actionId' as action from webhook_events order by created_at`.execute(t.db);
    expect(events.rows.filter((e) => e.action === id).map((e) => e.type)).toEqual(['action.created', 'action.assigned', 'action.assigned', 'action.assigned', 'action.closed']);
    const trail = await t.db.selectFrom('audit_trail').select('action').where('entity_id', '=', id).orderBy('id').execute();
    expect(trail.map((r) => r.action)).toEqual(['accept', 'assign', 'assign', 'close']);
  });

  it('offer as the fix the finished reports of the same machine dated on or after the finding one, newest first, to whoever reads the action', async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 0, 10 + n, 9));
    const press = (await t.db.insertInto('equipment').values({ serial_number: 'A-3', customer_id: (await t.db.selectFrom('equipment').select('customer_id').where('id', '=', machine).executeTakeFirstOrThrow()).customer_id }).returning('id').executeTakeFirstOrThrow()).id;
    const found = await inspection(press, [{ name: 'Cylinder', rating: 2 }], day(0));
    await finish(found.id);
    const id = await actionOf(found.result['Cylinder']!);
    await call('POST', `/api/v1/actions/${id}/accept`, tok.manager, { assigneeUserId: users['inspector@company.example'] });
    const company = await t.db.selectFrom('companies').select('id').executeTakeFirstOrThrow();
    const made = async (name: string, equipmentId: string, at: Date, set: { finished?: boolean; deleted_at?: Date; audit_id?: string; company_id?: string } = {}) =>
      (await t.db.insertInto('inspections').values({ name, type: 'Weekly', equipment_id: equipmentId, inspection_date: at, finished: true, ...set }).returning('id').executeTakeFirstOrThrow()).id;
    const audit = await t.db.insertInto('audits').values({ name: 'Audit', inspection_date: day(4) }).returning('id').executeTakeFirstOrThrow();
    const later = await made('Later check', press, day(5));
    const sameDay = await made('Same day check', press, day(0));
    await made('Distributor check', press, day(6), { company_id: company.id });
    await made('Earlier check', press, day(-1));
    await made('Unfinished check', press, day(2), { finished: false });
    await made('Other machine check', machine, day(3));
    await made('Deleted check', press, day(7), { deleted_at: new Date() });
    const run = await made('Audit run', press, day(4), { audit_id: audit.id });

    const names = async (token: string) => {
      const res = await call('GET', `/api/v1/actions/${id}/fixCandidates`, token);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Array<{ name: string; type: string; inspectionDate: number }>).map((c) => c.name);
    };
    expect(await names(tok.manager)).toEqual(['Distributor check', 'Later check', 'Same day check']);
    expect((await call('GET', `/api/v1/actions/${id}/fixCandidates`, tok.manager)).json()[1]).toEqual({ id: later, name: 'Later check', type: 'Weekly', inspectionDate: day(5).getTime() });
    // The assignee reads it; a distributor of the machine sees only its company's reports; below User level, 403.
    expect(await names(tok.inspector)).toEqual(['Distributor check', 'Later check', 'Same day check']);
    expect(await names(tok.distUser)).toEqual(['Distributor check']);
    expect((await call('GET', `/api/v1/actions/${id}/fixCandidates`, tok.nobody)).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/actions/${id}/fixCandidates`)).statusCode).toBe(401);
    // Someone who may not read the action: 404, as for the action itself.
    await call('PUT', `/api/v1/actions/${id}/assignment`, tok.manager, { assigneeUserId: null });
    expect((await call('GET', `/api/v1/actions/${id}/fixCandidates`, tok.inspector)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/actions/00000000-0000-4000-8000-000000000000/fixCandidates`, tok.manager)).statusCode).toBe(404);

    // Close refuses what the list leaves out: the finding report itself and audit runs; it stores a candidate.
    const close = (fixedByInspectionId: string) => call('POST', `/api/v1/actions/${id}/close`, tok.manager, { comment: 'Cylinder resealed', fixedByInspectionId });
    expect((await close(found.id)).json().message).toMatch(/^fixedByInspectionId: must be another inspection than the one that found it/);
    expect((await close(run)).json().message).toMatch(/^fixedByInspectionId: no such report/);
    const closed = await t.app.inject({ method: 'POST', url: '/trpc/actions.close', payload: { id, data: { comment: 'Cylinder resealed', fixedByInspectionId: sameDay } }, headers: { authorization: `Bearer ${tok.manager}` } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await call('GET', `/api/v1/actions/${id}`, tok.manager)).json()).toMatchObject({ state: 'closed', fixedByInspectionId: sameDay });

    // At most 20, the newest.
    await t.db.insertInto('inspections').values(Array.from({ length: 25 }, (_, n) => ({ name: `Check ${n + 10}`, type: 'Weekly', equipment_id: press, inspection_date: day(10 + n), finished: true }))).execute();
    const many = await names(tok.manager);
    expect(many).toHaveLength(20);
    expect(many.slice(0, 2)).toEqual(['Check 34', 'Check 33']);
  });

  it('answer 400 naming the field and write nothing for bad input', async () => {
    const i = await inspection(machine, [{ name: 'Hopper', rating: 2 }]);
    await finish(i.id);
    const id = await actionOf(i.result['Hopper']!);
    for (const [body, field] of [
      [{ dueOn: '2024-13-01' }, /dueOn/],
      [{ assigneeUserId: '00000000-0000-4000-8000-000000000000' }, /^assigneeUserId: no such user/],
      [{ other: 1 }, /other/],
    ] as const) {
      const res = await call('POST', `/api/v1/actions/${id}/accept`, tok.manager, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(field);
    }
    expect((await call('POST', `/api/v1/actions/${id}/dismiss`, tok.manager, {})).json().message).toMatch(/reason/);
    expect((await call('GET', '/api/v1/actions?states=late', tok.manager)).statusCode).toBe(400);
    expect(await proposals(i.id)).toEqual(['Hopper:Repair:proposed']);
  });

  it("refuses decisions below staff Manager and shows each role its own: distributors their company's machines", async () => {
    const company = await t.db.selectFrom('companies').select('id').executeTakeFirstOrThrow();
    const theirs = await inspection(otherMachine, [{ name: 'Screen deck', rating: 2 }]);
    await t.db.updateTable('inspections').set({ company_id: company.id }).where('id', '=', theirs.id).execute();
    await finish(theirs.id);
    const id = await actionOf(theirs.result['Screen deck']!);
    for (const token of [tok.inspector, tok.distAdmin, tok.distUser, tok.nobody]) {
      expect((await call('POST', `/api/v1/actions/${id}/accept`, token, {})).statusCode).toBe(403);
      expect((await call('POST', `/api/v1/actions/${id}/dismiss`, token, { reason: 'x' })).statusCode).toBe(403);
      expect((await call('PUT', `/api/v1/actions/${id}/assignment`, token, { assigneeUserId: null })).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/v1/actions', tok.nobody)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/actions')).statusCode).toBe(401);
    const dist = (await call('GET', '/api/v1/actions', tok.distUser)).json();
    expect(dist.result.map((a: { equipmentId: string }) => a.equipmentId)).toEqual([otherMachine]);
    expect((await call('GET', `/api/v1/actions/${id}`, tok.distAdmin)).statusCode).toBe(200);
    const onMine = (await call('GET', `/api/v1/actions?equipmentId=${machine}`, tok.distAdmin)).json();
    expect(onMine.count).toBe(0);
    // The inspector sees only what is assigned to them (nothing here: the proposal is undecided).
    expect((await call('GET', `/api/v1/actions/${id}`, tok.inspector)).statusCode).toBe(404);
    const all = (await call('GET', '/api/v1/actions?states=proposed,open,closed,dismissed', tok.admin)).json();
    expect(all.count).toBeGreaterThan(5);
    expect((await call('GET', `/trpc/actions.list?input=${encodeURIComponent(JSON.stringify({ equipmentId: otherMachine }))}`, tok.distUser)).json().result.data.count).toBe(1);
  });
});
