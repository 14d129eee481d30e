import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedAuditFixtures, type AuditFixtures } from './audits.fixtures.test-helpers.js';

let t: TestApp;
let f: AuditFixtures;
beforeAll(async () => {
  t = await createTestApp();
  f = await seedAuditFixtures(t);
});
afterAll(() => t?.close());

type Run = { id: string; protocolRunType: string; inspectionProtocolId: string };
const runs = async (auditId: string) => ((await f.call('GET', `/api/v1/audits/${auditId}`, f.tok.inspector)).json() as { inspectionProtocolRuns: Run[] }).inspectionProtocolRuns;
const runOn = async (auditId: string, type: string) => (await runs(auditId)).find((r) => r.protocolRunType === type)!;

/** Changes a protocol that a run uses (a dependency's JSON), which makes its next version (issue 10 'Versions'). */
async function newVersion(protocol: { id: string; points: Record<string, string> }) {
  const point = Object.values(protocol.points)[0]!;
  const dep = await t.db.insertInto('protocol_point_dependencies').values({ protocol_point_id: point, json: JSON.stringify({ v: 1 }) }).returning('id').executeTakeFirstOrThrow();
  const res = await f.call('PUT', `/api/v1/InspectionProtocols/${protocol.id}/points/${point}/dependencies/${dep.id}/json`, f.tok.admin, { v: 2 });
  expect(res.json(), res.body).toMatchObject({ newVersion: true });
  return res.json().protocolId as string;
}

describe('audit runs and protocol versions', () => {
  it('starts new audits’ site runs on the current version, never a superseded one', async () => {
    // First by name, and version 1's id sorts before any other: a query that does not skip superseded versions takes it.
    const id = '00000000-0000-4000-8000-000000000001';
    await t.db.insertInto('protocols').values({ id, name: 'A site audit', type: 'Audit_Site' }).execute();
    const category = (await t.db.insertInto('protocol_categories').values({ protocol_id: id, index: 0, title: 'Plant' }).returning('id').executeTakeFirstOrThrow()).id;
    const point = (await t.db.insertInto('protocol_points').values({ protocol_id: id, protocol_category_id: category, inspection_point_id: f.points.comment, index: 0 }).returning('id').executeTakeFirstOrThrow()).id;
    const first = await f.createAudit();
    expect((await runOn(first.id, 'Audit_Site')).inspectionProtocolId).toBe(id);
    const current = await newVersion({ id, points: { [f.points.comment]: point } });
    const audit = await f.createAudit();
    expect((await runOn(audit.id, 'Audit_Site')).inspectionProtocolId).toBe(current);
    expect((await runOn(first.id, 'Audit_Site')).inspectionProtocolId).toBe(id);
  });

  it('adds or switches a run given an old version’s id onto the current version; a clone stays on its source’s version', async () => {
    const audit = await f.createAudit();
    const add = (body: Record<string, unknown>) => f.call('POST', `/api/v1/audits/${audit.id}/runs`, f.tok.inspector, { equipment: { id: f.equipment }, ...body });
    expect((await add({ protocolId: f.protocols.machine.id, protocolRunType: 'Audit_Machine:stage_1' })).statusCode).toBe(201);
    const current = await newVersion(f.protocols.machine);

    const added = await add({ protocolId: f.protocols.machine.id, protocolRunType: 'Audit_Machine:stage_2' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().inspectionProtocolId).toBe(current);

    // The clone copies results that name the source version's points, so it runs that version.
    const source = await runOn(audit.id, 'Audit_Machine:stage_1');
    expect(source.inspectionProtocolId).toBe(f.protocols.machine.id);
    const clone = await add({ protocolRunType: 'Audit_Machine:stage_3', cloneRunId: source.id });
    expect(clone.statusCode, clone.body).toBe(201);
    expect(clone.json().inspectionProtocolId).toBe(f.protocols.machine.id);

    // Switching a run to the old id: the current version; the run already on that old id is left as it is.
    const other = await add({ protocolId: f.protocols.machine2.id, protocolRunType: 'Audit_Machine:stage_4' });
    const switched = await f.call('PUT', `/api/v1/audits/${audit.id}/runs/${other.json().id}/protocol/${f.protocols.machine.id}`, f.tok.inspector);
    expect(switched.statusCode, switched.body).toBe(200);
    expect((await runOn(audit.id, 'Audit_Machine:stage_4')).inspectionProtocolId).toBe(current);
    expect((await f.call('PUT', `/api/v1/audits/${audit.id}/runs/${source.id}/protocol/${f.protocols.machine.id}`, f.tok.inspector)).statusCode).toBe(200);
    expect((await runOn(audit.id, 'Audit_Machine:stage_1')).inspectionProtocolId).toBe(f.protocols.machine.id);
  });
});
