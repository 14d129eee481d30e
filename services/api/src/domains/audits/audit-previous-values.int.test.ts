import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAuditPreviousValues, type TAuditPreviousValues } from '@insp/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedAuditFixtures, type AuditFixtures } from './audits.fixtures.test-helpers.js';

/** Issue 23: the previous values the audit editor shows beside each measured point of a run (and keeps offline). */
let t: TestApp;
let f: AuditFixtures;
let auditId: string;
let firstRun: string;
let secondRun: string;
let otherMachineRun: string;

type Run = { id: string; protocolRunType: string; categories: { inspectionPoints: { protocolPointId: string; name: string }[] }[] };
const day = (m: number, d: number) => new Date(Date.UTC(2026, m - 1, d, 9));
const trpcGet = (path: string, input: unknown, token?: string) =>
  t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
const previous = async (id: string, token = f.tok.inspector) => {
  const res = await trpcGet('audits.previousValues', { id }, token);
  expect(res.statusCode, res.body).toBe(200);
  return ZAuditPreviousValues.parse(res.json().result.data);
};
const ofRun = (v: TAuditPreviousValues, runId: string) => new Map(v.runs.find((r) => r.runId === runId)?.points.map((p) => [p.inspectionPointId, p]));

beforeAll(async () => {
  t = await createTestApp();
  f = await seedAuditFixtures(t);
  const [main] = f.table.rows;
  const [left, right] = f.table.fields;
  /** An inspection (daily protocol, SN-1 unless given) with a measured value and, if given, the table's Main row. */
  const measured = async (values: Record<string, unknown>, value: string, cells?: [string, string]) => {
    const i = await f.inspection(values);
    await t.db.insertInto('inspection_point_results').values({
      inspection_id: i.id, inspection_category_id: i.categories[1]!, protocol_point_id: f.daily.points[f.points.measure]!, inspection_point_id: f.points.measure, index: 0, value,
    } as never).execute();
    if (cells) {
      const content = { fields: [{ id: left }, { id: right }], rows: [{ id: main, title: 'Main', values: [{ rowId: main, fieldId: left, value: cells[0] }, { rowId: main, fieldId: right, value: cells[1] }] }] };
      await t.db.insertInto('inspection_point_results').values({
        inspection_id: i.id, inspection_category_id: i.categories[1]!, protocol_point_id: f.daily.points[f.points.table]!, inspection_point_id: f.points.table, index: 1, content: JSON.stringify(content),
      } as never).execute();
    }
  };
  const runOf = async (audit: string, body: Record<string, unknown>) => {
    const res = await f.call('POST', `/api/v1/audits/${audit}/runs`, f.tok.inspector, { protocolId: f.protocols.machine.id, protocolRunType: 'Audit_Machine:stage_1', equipment: { id: f.equipment }, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Run;
  };
  const answer = async (audit: string, run: Run, value: string) => {
    const measure = run.categories.flatMap((c) => c.inspectionPoints).find((p) => p.name === 'Crusher setting')!;
    const res = await f.call('POST', `/api/v1/audits/${audit}/runs/${run.id}/points/${measure.protocolPointId}/result`, f.tok.inspector, { value });
    expect(res.statusCode, res.body).toBe(201);
  };

  // SN-1's history: inspections on 10.1 (with the table) and 10.2, a distributor's on 15.2, an audit of 20.2.
  await measured({ inspection_date: day(1, 10) }, '11.0', ['30', '31']);
  await measured({ inspection_date: day(2, 10) }, '12.3');
  await measured({ inspection_date: day(2, 15), company_id: f.companyId, created_by_user_id: f.users['dist.user'] }, '13.5');
  const earlierAudit = (await f.createAudit(f.tok.inspector, { inspectionDate: day(2, 20).getTime() })).id;
  await answer(earlierAudit, await runOf(earlierAudit, {}), '14.2');
  // Never drawn on: a later inspection, a deleted one.
  await measured({ inspection_date: day(4, 1) }, '99', ['99', '99']);
  await measured({ inspection_date: day(2, 25), deleted_at: new Date() }, '77', ['77', '77']);

  // This audit (1.3.2026): two runs on SN-1, the first already answered, and one on a machine without history.
  auditId = (await f.createAudit()).id;
  const first = await runOf(auditId, {});
  await answer(auditId, first, '50');
  firstRun = first.id;
  secondRun = (await runOf(auditId, { protocolRunType: 'Audit_Machine:stage_3' })).id;
  const other = (await t.db.insertInto('equipment').values({ serial_number: 'SN-2', product_family_id: f.ref.jaw.id, customer_id: f.ref.customerId } as never).returning('id').executeTakeFirstOrThrow()).id;
  otherMachineRun = (await runOf(auditId, { equipment: { id: other } })).id;
});
afterAll(() => t?.close());

describe('tRPC audits.previousValues', () => {
  it("answers, per run on a machine, each measured point's latest value from the machine's earlier inspections and audits", async () => {
    const v = await previous(auditId);
    // Only runs with earlier values: not the site runs (no machine), not the run on SN-2 (no history).
    expect(v.runs.map((r) => r.runId)).toEqual([firstRun, secondRun]);
    const run = ofRun(v, firstRun);
    // Only measured points: the radio point of the same protocol has none.
    expect([...run.keys()].sort()).toEqual([f.points.measure, f.points.table].sort());
    // The earlier audit's run (20.2) is the latest before 1.3; staff runs draw on every company's (the distributor's 15.2 is older).
    expect(run.get(f.points.measure)).toEqual({ inspectionPointId: f.points.measure, date: day(2, 20).getTime(), value: '14.2', cells: [] });
    // Each point its own latest: the table was last recorded on 10.1.
    expect(run.get(f.points.table)).toMatchObject({ date: day(1, 10).getTime(), value: null, cells: [
      { rowId: f.table.rows[0], rowTitle: 'Main', fieldId: f.table.fields[0], value: '30' },
      { rowId: f.table.rows[0], rowTitle: 'Main', fieldId: f.table.fields[1], value: '31' },
    ] });
  });

  it('never gives another run of the same audit as the previous value', async () => {
    const v = await previous(auditId);
    // The first run's 50 (same day, same machine) is today's work: the second run shows the earlier audit's value too.
    expect(ofRun(v, secondRun).get(f.points.measure)).toMatchObject({ date: day(2, 20).getTime(), value: '14.2' });
    expect(ofRun(v, secondRun)).toEqual(ofRun(v, firstRun));
  });

  it("refuses as the audit's own read: a distributor and level None 403, no token 401, a bad id 400, a missing audit 404", async () => {
    expect((await trpcGet('audits.previousValues', { id: auditId }, f.tok.distAdmin)).statusCode).toBe(403);
    expect((await trpcGet('audits.previousValues', { id: auditId }, f.tok.distUser)).statusCode).toBe(403);
    expect((await trpcGet('audits.previousValues', { id: auditId }, f.tok.nobody)).statusCode).toBe(403);
    expect((await trpcGet('audits.previousValues', { id: auditId })).statusCode).toBe(401);
    const bad = await trpcGet('audits.previousValues', { id: 'nope' }, f.tok.inspector);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('id');
    expect((await trpcGet('audits.previousValues', { id: '00000000-0000-4000-8000-000000000000' }, f.tok.inspector)).statusCode).toBe(404);
  });
});

describe('GET api/v1/audits/{id}/previousValues and the offline bundle', () => {
  it('answers the same as the tRPC read, with the same refusals', async () => {
    const res = await f.call('GET', `/api/v1/audits/${auditId}/previousValues`, f.tok.inspector);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(await previous(auditId));
    expect((await f.call('GET', `/api/v1/audits/${auditId}/previousValues`, f.tok.distAdmin)).statusCode).toBe(403);
    expect((await f.call('GET', `/api/v1/audits/${auditId}/previousValues`, f.tok.nobody)).statusCode).toBe(403);
    expect((await f.call('GET', `/api/v1/audits/${auditId}/previousValues`)).statusCode).toBe(401);
    expect((await f.call('GET', '/api/v1/audits/nope/previousValues', f.tok.inspector)).statusCode).toBe(400);
  });

  it("is part of 'Make available offline' (tRPC offline.audit), equal to the read", async () => {
    const res = await trpcGet('offline.audit', { id: auditId }, f.tok.inspector);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.previousValues).toEqual(await previous(auditId));
  });
});
