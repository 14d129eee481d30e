import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedAuditFixtures, type AuditFixtures } from './audits.fixtures.test-helpers.js';

/**
 * Issue 23: the audit editor's writes take an idempotency key (REST `Idempotency-Key`, tRPC `clientRequestId`) and
 * are answered the same when repeated; two people editing one audit learn which text or result changed under them.
 */
let t: TestApp;
let f: AuditFixtures;
beforeAll(async () => {
  t = await createTestApp();
  f = await seedAuditFixtures(t);
});
afterAll(() => t?.close());

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const rest = (method: Method, url: string, token: string, payload?: unknown, key?: string) =>
  t.app.inject({
    method, url,
    headers: { authorization: `Bearer ${token}`, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...(key !== undefined ? { 'idempotency-key': key } : {}) },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
const trpc = (procedure: string, token: string, input: unknown) =>
  t.app.inject({ method: 'POST', url: `/trpc/${procedure}`, headers: { authorization: `Bearer ${token}` }, payload: input as object });
const suggestions = async (auditId: string) => (await t.db.selectFrom('audit_suggestions').select(['id', 'text']).where('audit_id', '=', auditId).execute());

describe('audit writes with a key are applied once and answered the same', () => {
  it('POST suggestions (REST): the repeat answers 201 with the same suggestion and adds none', async () => {
    const a = await f.createAudit();
    const key = randomUUID();
    const body = { type: 'ShortTerm', text: 'Change the jaw dies' };
    const first = await rest('POST', `/api/v1/audits/${a.id}/suggestions`, f.tok.inspector, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await rest('POST', `/api/v1/audits/${a.id}/suggestions`, f.tok.inspector, body, key);
    expect([again.statusCode, again.json()]).toEqual([201, first.json()]);
    expect(await suggestions(a.id)).toHaveLength(1);
  });

  it('DELETE a suggestion: the repeat answers 200 {id} again instead of a 404', async () => {
    const a = await f.createAudit();
    const s = (await rest('POST', `/api/v1/audits/${a.id}/suggestions`, f.tok.inspector, { type: 'LongTerm', text: 'x' })).json();
    const key = randomUUID();
    const first = await rest('DELETE', `/api/v1/audits/${a.id}/suggestions/${s.id}`, f.tok.inspector, undefined, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await rest('DELETE', `/api/v1/audits/${a.id}/suggestions/${s.id}`, f.tok.inspector, undefined, key);
    expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
  });

  it('setRunIncluded over tRPC (a toggle): the repeat answers the first answer and does not undo a later change', async () => {
    const a = await f.createAudit();
    const runId = a.inspectionProtocolRuns[0].id as string;
    const clientRequestId = randomUUID();
    const first = await trpc('audits.setRunIncluded', f.tok.inspector, { id: a.id, runId, includedInReport: false, clientRequestId });
    expect(first.statusCode, first.body).toBe(200);
    expect((await trpc('audits.setRunIncluded', f.tok.inspector, { id: a.id, runId, includedInReport: true })).statusCode).toBe(200);
    const again = await trpc('audits.setRunIncluded', f.tok.inspector, { id: a.id, runId, includedInReport: false, clientRequestId });
    expect(again.json().result.data).toEqual(first.json().result.data);
    expect((await t.db.selectFrom('inspections').select('included_in_report').where('id', '=', runId).executeTakeFirstOrThrow()).included_in_report).toBe(true);
  });

  it('an old text save replayed after a newer one does not overwrite the newer text', async () => {
    const a = await f.createAudit();
    const oldKey = randomUUID();
    const first = await rest('PUT', `/api/v1/audits/${a.id}/summary`, f.tok.inspector, 'old summary', oldKey);
    expect(first.statusCode, first.body).toBe(200);
    expect((await rest('PUT', `/api/v1/audits/${a.id}/summary`, f.tok.inspector, 'newer summary', randomUUID())).statusCode).toBe(200);
    const replay = await rest('PUT', `/api/v1/audits/${a.id}/summary`, f.tok.inspector, 'old summary', oldKey);
    expect([replay.statusCode, replay.json()]).toEqual([200, first.json()]);
    expect((await rest('GET', `/api/v1/audits/${a.id}`, f.tok.inspector)).json().summary).toBe('newer summary');
  });

  it('two identical addRun calls at the same time add one run and answer the same', async () => {
    const a = await f.createAudit();
    const key = randomUUID();
    const body = { protocolRunType: 'Audit_Machine:stage_1', protocolId: f.protocols.machine.id, equipment: { id: f.equipment } };
    const [x, y] = await Promise.all([
      rest('POST', `/api/v1/audits/${a.id}/runs`, f.tok.inspector, body, key),
      rest('POST', `/api/v1/audits/${a.id}/runs`, f.tok.inspector, body, key),
    ]);
    expect([x.statusCode, y.statusCode], x.body).toEqual([201, 201]);
    expect(y.json()).toEqual(x.json());
    const runs = await t.db.selectFrom('inspections').select('id').where('audit_id', '=', a.id).where('deleted_at', 'is', null).execute();
    expect(runs).toHaveLength(3);
  });

  it('another body under the key is a 409 naming it; a bad key a 400 naming Idempotency-Key / clientRequestId', async () => {
    const a = await f.createAudit();
    const key = randomUUID();
    expect((await rest('PUT', `/api/v1/audits/${a.id}/comment`, f.tok.inspector, 'one', key)).statusCode).toBe(200);
    const other = await rest('PUT', `/api/v1/audits/${a.id}/comment`, f.tok.inspector, 'two', key);
    expect([other.statusCode, other.json().field]).toEqual([409, 'Idempotency-Key']);
    const bad = await rest('PUT', `/api/v1/audits/${a.id}/comment`, f.tok.inspector, 'three', 'ä');
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'Idempotency-Key']);
    const badTrpc = await trpc('audits.setText', f.tok.inspector, { id: a.id, field: 'comment', text: 'four', clientRequestId: 'x'.repeat(201) });
    expect([badTrpc.statusCode, badTrpc.json().error.data.field]).toEqual([400, 'clientRequestId']);
    expect((await rest('GET', `/api/v1/audits/${a.id}`, f.tok.inspector)).json().comment).toBe('one');
  });

  it('keeps refusing distributors (403) when they send a key, over REST and tRPC', async () => {
    const a = await f.createAudit();
    expect((await rest('PUT', `/api/v1/audits/${a.id}/comment`, f.tok.distAdmin, 'x', randomUUID())).statusCode).toBe(403);
    expect((await rest('POST', `/api/v1/audits/${a.id}/suggestions`, f.tok.distUser, { type: 'ShortTerm', text: 'x' }, randomUUID())).statusCode).toBe(403);
    const run = { protocolRunType: 'Audit_Machine:stage_1', protocolId: f.protocols.machine.id, equipment: { id: f.equipment } };
    expect((await trpc('audits.addRun', f.tok.distAdmin, { id: a.id, data: run, clientRequestId: randomUUID() })).statusCode).toBe(403);
    const kept = await t.db.selectFrom('idempotency_keys').select('key').where('operation', 'like', 'audit.%').where('user_id', 'in', [f.users['dist.admin']!, f.users['dist.user']!]).execute();
    expect(kept).toEqual([]);
  });
});

describe('two people editing one audit: later wins, the overwritten change is named', () => {
  it('a text saved from an older version answers overwritten with who and when; the audit read shows textVersions', async () => {
    const a = await f.createAudit();
    const mine = await rest('PUT', `/api/v1/audits/${a.id}/comment`, f.tok.inspector, { text: 'inspector text', version: 0 });
    expect(mine.json()).toMatchObject({ field: 'comment', text: 'inspector text', version: 1, updatedBy: 'Inspector' });
    expect(mine.json().overwritten).toBeUndefined();
    const theirs = await trpc('audits.setText', f.tok.manager, { id: a.id, field: 'comment', text: 'manager text', version: 0 });
    expect(theirs.json().result.data).toMatchObject({
      version: 2, updatedBy: 'Manager',
      overwritten: [{ field: 'comment', resultId: null, version: 1, updatedAt: expect.any(Number), updatedBy: 'Inspector' }],
    });
    const read = (await rest('GET', `/api/v1/audits/${a.id}`, f.tok.inspector)).json();
    expect(read.comment).toBe('manager text');
    expect(read.textVersions).toEqual({ comment: { version: 2, updatedAt: expect.any(Number), updatedBy: 'Manager' } });
  });

  it('a point result updated from an older version answers overwritten; the read shows the result version', async () => {
    const a = await f.createAudit();
    const run = a.inspectionProtocolRuns[0];
    const pointId = f.protocols.site.points[f.points.radio]!;
    const created = await rest('POST', `/api/v1/audits/${a.id}/runs/${run.id}/points/${pointId}/result`, f.tok.inspector, { selection: 'Worn' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ version: 1, updatedBy: 'Inspector' });
    const resultId = created.json().id as string;
    // the manager read version 1 and the inspector changes it meanwhile
    expect((await rest('PUT', `/api/v1/audits/${a.id}/pointResults/${resultId}`, f.tok.inspector, { selection: 'Good', version: 1 })).json().overwritten).toBeUndefined();
    const late = await rest('PUT', `/api/v1/audits/${a.id}/pointResults/${resultId}`, f.tok.manager, { selection: 'Damaged', version: 1 }, randomUUID());
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ selection: 'Damaged', version: 3, updatedBy: 'Manager', overwritten: [{ field: 'result', resultId, version: 2, updatedBy: 'Inspector' }] });
    const read = (await rest('GET', `/api/v1/audits/${a.id}`, f.tok.inspector)).json();
    const point = read.inspectionProtocolRuns[0].categories[0].inspectionPoints.find((p: { protocolPointId: string }) => p.protocolPointId === pointId);
    expect(point.result).toMatchObject({ selection: 'Damaged', version: 3, updatedBy: 'Manager' });
  });
});
