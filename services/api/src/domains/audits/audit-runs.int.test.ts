import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAuditReportData } from '@insp/db';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedAuditFixtures, type AuditFixtures } from './audits.fixtures.test-helpers.js';

let t: TestApp;
let f: AuditFixtures;
let auditId: string;
beforeAll(async () => {
  t = await createTestApp();
  f = await seedAuditFixtures(t);
  auditId = (await f.createAudit()).id;
});
afterAll(() => t?.close());

type Run = { id: string; protocolRunType: string; categories: { inspectionPoints: { protocolPointId: string; name: string; result: Record<string, unknown>; unit: string | null }[] }[]; equipment: Record<string, unknown> | null; configuratorRunId: string | null; machineRunId: string | null; includedInReport: boolean; inspectionProtocolId: string };
const base = () => `/api/v1/audits/${auditId}`;
const getAudit = async () => (await f.call('GET', base(), f.tok.inspector)).json() as { inspectionProtocolRuns: Run[] };
const machine = (body: Record<string, unknown> = {}) =>
  f.call('POST', `${base()}/runs`, f.tok.inspector, { protocolId: f.protocols.machine.id, protocolRunType: 'Audit_Machine:stage_1', equipment: { id: f.equipment }, ...body });
const point = (run: Run, name: string) => run.categories.flatMap((c) => c.inspectionPoints).find((p) => p.name === name)!;

describe('the v1 shape of an audit (000 §3, issue 20)', () => {
  it("gives each point its unit and result, each run its protocol, and refuses a result field it does not know", async () => {
    const audit = (await f.call('GET', base(), f.tok.inspector)).json() as { inspectionProtocolRuns: (Run & { protocol: unknown; extraPoints: unknown[] })[] };
    const operational = audit.inspectionProtocolRuns.find((r) => r.protocolRunType === 'Audit_Site_Operational')!;
    expect(operational.protocol).toEqual({ id: f.protocols.operational.id, name: 'Site operational audit' });
    const measure = operational.categories[0]!.inspectionPoints[0]!;
    expect(measure).toMatchObject({ type: 'Measurement', unit: 'mm', result: { rating: 'NotSet', photos: [] } });
    expect(measure).not.toHaveProperty('content');
    // A run's equipment as GET answered it goes back into a new run (000 §3 Equipment on a run).
    const machineRun = (await machine()).json() as Run;
    const again = await f.call('POST', `${base()}/runs`, f.tok.inspector, { protocolId: f.protocols.machine.id, protocolRunType: 'Audit_Machine:stage_3', equipment: machineRun.equipment });
    expect(again.statusCode, again.body).toBe(201);
    const typo = await f.call('POST', `${base()}/runs/${operational.id}/points/${measure.protocolPointId}/result`, f.tok.inspector, { value: '12', comentt: 'x' });
    expect(typo.json()).toMatchObject({ statusCode: 400, field: 'comentt', message: 'comentt: is not a field of this call' });
  });
});

describe('adding runs', () => {
  it('adds a machine run on a stage with its protocol and equipment', async () => {
    const res = await machine();
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      protocolType: 'Audit_Machine', protocolRunType: 'Audit_Machine:stage_1', stage: 'stage_1', inspectionProtocolId: f.protocols.machine.id, includedInReport: true,
      equipment: { id: f.equipment, serialNumber: 'SN-1', productModelName: 'JC100', productFamilyName: 'Jaw JC' },
    });
    expect(res.json().categories.map((c: { title: string }) => c.title)).toEqual(['Crusher', 'Belts']);
  });

  it('refuses a bad run type, a protocol of another kind and a machine run without equipment, naming the field', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await f.call('POST', `${base()}/runs`, f.tok.inspector, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field).toBe(field);
    };
    await bad({ protocolId: f.protocols.machine.id, protocolRunType: 'Audit_Machine' }, 'protocolRunType');
    await bad({ protocolId: f.protocols.machine.id, protocolRunType: 'Audit_Site:stage_1' }, 'protocolRunType');
    await bad({ protocolId: f.protocols.screen.id, protocolRunType: 'Audit_Machine:stage_2', equipment: { id: f.equipment } }, 'protocolId');
    await bad({ protocolRunType: 'Audit_Machine:stage_2', equipment: { id: f.equipment } }, 'protocolId');
    await bad({ protocolId: f.protocols.machine.id, protocolRunType: 'Audit_Machine:stage_2' }, 'equipment');
    await bad({ protocolId: f.protocols.machine.id, protocolRunType: 'Audit_Machine:stage_2', equipment: { productModelId: f.ref.jaw.models.JC200 } }, 'equipment.serialNumber');
  });

  it('adds a missing site or operational run, and refuses a second one (issue 20)', async () => {
    const run = (await getAudit()).inspectionProtocolRuns.find((r) => r.protocolRunType === 'Audit_Site_Operational')!;
    const twice = await f.call('POST', `${base()}/runs`, f.tok.inspector, { protocolId: f.protocols.operational.id, protocolRunType: 'Audit_Site_Operational' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ field: 'protocolRunType', message: 'protocolRunType: the audit already has a Audit_Site_Operational run' });
    expect((await f.call('DELETE', `${base()}/runs/${run.id}`, f.tok.inspector)).statusCode).toBe(200);
    const added = await f.call('POST', `${base()}/runs`, f.tok.inspector, { protocolId: f.protocols.operational.id, protocolRunType: 'Audit_Site_Operational' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ protocolRunType: 'Audit_Site_Operational', equipment: null, inspectionProtocolId: f.protocols.operational.id });
    const withEquipment = await f.call('POST', `${base()}/runs`, f.tok.inspector, { protocolId: f.protocols.site.id, protocolRunType: 'Audit_Site', equipment: { id: f.equipment } });
    expect(withEquipment.json()).toMatchObject({ statusCode: 400, field: 'equipment' });
  });

  it('takes a crusher for a crusher run and a screen for a screen run (issue 20)', async () => {
    const screenModel = Object.values(f.ref.deck.models)[0]!;
    const wrong = await f.call('POST', `${base()}/runs`, f.tok.inspector, { protocolId: f.protocols.screen.id, protocolRunType: 'Audit_Screen:stage_1', equipment: { id: f.equipment } });
    expect(wrong.json()).toMatchObject({ statusCode: 400, field: 'equipment', message: 'equipment: a Audit_Screen run audits screens, not crushers' });
    const right = await f.call('POST', `${base()}/runs`, f.tok.inspector, { protocolId: f.protocols.screen.id, protocolRunType: 'Audit_Screen:stage_1', equipment: { productModelId: screenModel, serialNumber: 'SC-1' } });
    expect(right.statusCode, right.body).toBe(201);
    const moved = await f.call('PUT', `${base()}/runs/${right.json().id}/equipment`, f.tok.inspector, { id: f.equipment });
    expect(moved.json()).toMatchObject({ statusCode: 400, field: 'equipment' });
    expect((await f.call('DELETE', `${base()}/runs/${right.json().id}`, f.tok.inspector)).statusCode).toBe(200);
  });

  it('creates new equipment from a model and a serial number at the audit site', async () => {
    const res = await f.call('POST', `${base()}/runs`, f.tok.inspector, {
      protocolId: f.protocols.screen.id, protocolRunType: 'Audit_Screen:stage_3', equipment: { productModelId: f.ref.deck.models.SC1, serialNumber: 'SCR-9' },
    });
    expect(res.statusCode).toBe(201);
    const e = await t.db.selectFrom('equipment').selectAll().where('serial_number', '=', 'SCR-9').executeTakeFirstOrThrow();
    expect(e).toMatchObject({ customer_id: f.ref.customerId, customer_site_id: f.ref.siteId, product_model_id: f.ref.deck.models.SC1 });
  });
});

describe('results of a run', () => {
  it('creates a result without id and updates it by id, checked against the point, with aggregates recomputed', async () => {
    const run = (await getAudit()).inspectionProtocolRuns.find((r) => r.protocolRunType === 'Audit_Machine:stage_1')!;
    const radio = point(run, 'Jaw dies wear');
    const created = await f.call('POST', `${base()}/runs/${run.id}/points/${radio.protocolPointId}/result`, f.tok.inspector, { selection: 'Worn', comment: 'Wear observed.', rating: 'Follow' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ selection: 'Worn', rating: 'Follow', comment: 'Wear observed.' });
    const updated = await f.call('PUT', `${base()}/pointResults/${id}`, f.tok.inspector, { selection: 'Damaged', comment: 'Repair or replace.', rating: 2 });
    expect(updated.json()).toMatchObject({ id, selection: 'Damaged', rating: 'Repair' });
    const bad = await f.call('PUT', `${base()}/pointResults/${id}`, f.tok.inspector, { selection: 'Sparkly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('selection');

    const table = point(run, 'Belt thickness');
    const [left, right] = f.table.fields;
    const [main, side] = f.table.rows;
    const cells = await f.call('POST', `${base()}/runs/${run.id}/points/${table.protocolPointId}/result`, f.tok.inspector, {
      rows: [
        { id: main, title: 'Main', values: [{ rowId: main, fieldId: left, value: '10' }, { rowId: main, fieldId: right, value: '12,5' }] },
        { id: side, title: 'Side', values: [{ rowId: side, fieldId: left, value: '8' }, { rowId: side, fieldId: right, value: 'abc' }] },
      ],
    });
    expect(cells.statusCode).toBe(400);
    expect(cells.json().field).toMatch(/^rows\.1\.values\.1\.value/);
    const measure = point(run, 'Crusher setting');
    const m = await f.call('POST', `${base()}/runs/${run.id}/points/${measure.protocolPointId}/result`, f.tok.inspector, { value: '24,5', rating: 'Ok' });
    expect(m.json()).toMatchObject({ value: '24,5' });
    expect((await f.call('POST', `${base()}/runs/${run.id}/points/${f.protocols.screen.points[f.points.comment]}/result`, f.tok.inspector, { comment: 'x' })).statusCode).toBe(404);
  });

  it('sets a photo caption and layout', async () => {
    const run = (await getAudit()).inspectionProtocolRuns.find((r) => r.protocolRunType === 'Audit_Machine:stage_1')!;
    const radio = point(run, 'Jaw dies wear');
    const image = await f.image((await t.db.selectFrom('users').select('id').where('email', '=', 'inspector@company.example').executeTakeFirstOrThrow()).id);
    const res = await f.call('PUT', `${base()}/pointResults/${radio.result.id}`, f.tok.inspector, { selection: 'Damaged', rating: 'Repair', photos: [{ imageId: image }] });
    expect(res.statusCode).toBe(200);
    const url = `${base()}/pointResults/${radio.result.id}/images/${image}`;
    expect((await f.call('PUT', `${url}/caption`, f.tok.inspector, 'Cracked die')).json()).toMatchObject({ imageId: image, caption: 'Cracked die', layout: 'Default' });
    expect((await f.call('PUT', `${url}/layout`, f.tok.inspector, 'Fullscreen')).json()).toMatchObject({ caption: 'Cracked die', layout: 'Fullscreen' });
    const bad = await f.call('PUT', `${url}/layout`, f.tok.inspector, 'Sideways');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('layout');
    expect((await f.call('PUT', `${base()}/pointResults/${radio.result.id}/images/${crypto.randomUUID()}/caption`, f.tok.inspector, 'x')).statusCode).toBe(404);
  });
});

describe('cloning, pairing and changing runs', () => {
  it('clones a run with its results and photos, on the source protocol, to other equipment', async () => {
    const source = (await getAudit()).inspectionProtocolRuns.find((r) => r.protocolRunType === 'Audit_Machine:stage_1')!;
    const res = await f.call('POST', `${base()}/runs`, f.tok.inspector, { protocolRunType: 'Audit_Machine:stage_2', cloneRunId: source.id, equipment: { productModelId: f.ref.jaw.models.JC200, serialNumber: 'SN-2' } });
    expect(res.statusCode).toBe(201);
    const clone = res.json() as Run;
    expect(clone.inspectionProtocolId).toBe(f.protocols.machine.id);
    expect(clone.equipment).toMatchObject({ serialNumber: 'SN-2' });
    const answered = (r: Run) => r.categories.flatMap((c) => c.inspectionPoints).filter((p) => p.result.id).map((p) => [p.name, p.result.selection ?? p.result.value, (p.result.photos as unknown[]).length]);
    expect(answered(clone)).toEqual(answered(source));
    expect(answered(clone)).toContainEqual(['Jaw dies wear', 'Damaged', 1]);
    const ids = (r: Run) => r.categories.flatMap((c) => c.inspectionPoints).map((p) => p.result.id).filter(Boolean);
    expect(ids(clone).some((id) => ids(source).includes(id))).toBe(false);
  });

  it('adds a point of an Extra points protocol to the site run as an extra point, answered and printed like the others (issue 20)', async () => {
    const site = (await getAudit()).inspectionProtocolRuns.find((r) => r.protocolRunType === 'Audit_Site')!;
    // offered: the points of live Extra points protocols, not the whole library
    const notOffered = await f.call('POST', `${base()}/runs/${site.id}/extraPoints`, f.tok.inspector, { inspectionPointId: f.points.measure });
    expect(notOffered.json()).toMatchObject({ statusCode: 400, field: 'inspectionPointId', message: 'inspectionPointId: is not a point of an Extra points protocol' });
    await f.protocol('Extra points', 'Audit_Extra_Points', [['General', [f.points.measure, f.points.comment]]]);
    const choices = await f.call('GET', '/api/v1/audits/extraPointChoices', f.tok.inspector);
    expect(choices.json().map((c: { name: string }) => c.name)).toEqual(['Crusher setting', 'General remarks']);
    expect((await f.call('GET', '/api/v1/audits/extraPointChoices', f.tok.distAdmin)).statusCode).toBe(403);
    const res = await f.call('POST', `${base()}/runs/${site.id}/extraPoints`, f.tok.inspector, { inspectionPointId: f.points.measure, name: 'Stockpile height' });
    expect(res.statusCode, res.body).toBe(201);
    const extra = (res.json() as { extraPoints: { id: string; name: string; inspectionPointId: string }[] }).extraPoints.find((e) => e.name === 'Stockpile height')!;
    expect(extra.inspectionPointId).toBe(f.points.measure);
    const answered = await f.call('POST', `${base()}/runs/${site.id}/points/${extra.id}/result`, f.tok.inspector, { value: '12', rating: 'Ok' });
    expect(answered.statusCode, answered.body).toBe(201);
    const report = (await loadAuditReportData(t.db, auditId, 'en'))!;
    expect(report.runs.find((r) => r.id === site.id)!.report.extraPoints.map((p) => [p.name, p.value])).toContainEqual(['Stockpile height', '12']);
    const missing = await f.call('POST', `${base()}/runs/${site.id}/extraPoints`, f.tok.inspector, { inspectionPointId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.json()).toMatchObject({ statusCode: 400, field: 'inspectionPointId' });
    expect((await f.call('POST', `${base()}/runs/${site.id}/extraPoints`, f.tok.distAdmin, { inspectionPointId: f.points.measure })).statusCode).toBe(403);
  });

  it("saves a configurator run's equipment configurator, which the audit report prints; a machine run has none (issue 20)", async () => {
    const conf = await f.call('POST', `${base()}/runs`, f.tok.inspector, { protocolId: f.protocols.configurator.id, protocolRunType: 'Equipment_Configurator:stage_3', equipment: { productModelId: f.ref.jaw.models.JC200, serialNumber: 'SN-3' } });
    expect(conf.statusCode, conf.body).toBe(201);
    const url = `${base()}/runs/${conf.json().id}/equipmentConfigurator`;
    const saved = await f.call('PUT', url, f.tok.inspector, { equipmentConfigurator: { 'Feed opening': '1200 mm' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await getAudit()).inspectionProtocolRuns.find((r) => r.id === conf.json().id)).toMatchObject({ equipmentConfigurator: { 'Feed opening': '1200 mm' } });
    const report = (await loadAuditReportData(t.db, auditId, 'en'))!;
    expect(report.runs.find((r) => r.id === conf.json().id)!.report.equipmentConfigurator).toEqual([{ key: 'Feed opening', value: '1200 mm' }]);

    const machineRun = (await getAudit()).inspectionProtocolRuns.find((r) => r.protocolRunType === 'Audit_Machine:stage_1')!;
    const refused = await f.call('PUT', `${base()}/runs/${machineRun.id}/equipmentConfigurator`, f.tok.inspector, { equipmentConfigurator: { a: 'b' } });
    expect(refused.json()).toMatchObject({ statusCode: 400, field: 'equipmentConfigurator' });
    const control = await f.call('PUT', url, f.tok.inspector, { equipmentConfigurator: { a: 'b\u0007' } });
    expect(control.json()).toMatchObject({ statusCode: 400, field: 'equipmentConfigurator' });
    expect((await f.call('PUT', url, f.tok.distAdmin, { equipmentConfigurator: null })).statusCode).toBe(403);
    expect((await f.call('DELETE', `${base()}/runs/${conf.json().id}`, f.tok.inspector)).statusCode).toBe(200);
  });

  it("pairs a configurator run with its machine run by the 000 §4 rule, and moves it with the machine's equipment", async () => {
    const conf = await f.call('POST', `${base()}/runs`, f.tok.inspector, { protocolId: f.protocols.configurator.id, protocolRunType: 'Equipment_Configurator:stage_2', equipment: { productModelId: f.ref.jaw.models.JC200, serialNumber: 'SN-2' } });
    expect(conf.statusCode).toBe(201);
    const runs = (await getAudit()).inspectionProtocolRuns;
    const m2 = runs.find((r) => r.protocolRunType === 'Audit_Machine:stage_2')!;
    expect(m2.configuratorRunId).toBe(conf.json().id);
    expect(runs.find((r) => r.id === conf.json().id)!.machineRunId).toBe(m2.id);

    const moved = await f.call('PUT', `${base()}/runs/${m2.id}/equipment`, f.tok.inspector, { productModelId: f.ref.jaw.models.JC200, nickName: 'Old faithful' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ equipment: { serialNumber: null, nickName: 'Old faithful', customerSiteId: f.ref.siteId }, configuratorRunId: conf.json().id });
    const after = (await getAudit()).inspectionProtocolRuns.find((r) => r.id === conf.json().id)!;
    expect(after.equipment).toMatchObject({ nickName: 'Old faithful' });
    const site = (await getAudit()).inspectionProtocolRuns.find((r) => r.protocolRunType === 'Audit_Site')!;
    const res = await f.call('PUT', `${base()}/runs/${site.id}/equipment`, f.tok.inspector, { id: f.equipment });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('equipment');
  });

  it('toggles report inclusion', async () => {
    const run = (await getAudit()).inspectionProtocolRuns[0]!;
    expect((await f.call('PUT', `${base()}/runs/${run.id}/includedInReport`, f.tok.inspector, false)).json()).toEqual({ id: run.id, includedInReport: false });
    expect((await getAudit()).inspectionProtocolRuns[0]!.includedInReport).toBe(false);
    expect((await f.call('PUT', `${base()}/runs/${run.id}/includedInReport`, f.tok.inspector, 'nope', 'text/plain')).statusCode).toBe(400);
  });

  it('changes the protocol to another of its kind, keeping results of the points both share', async () => {
    const run = (await getAudit()).inspectionProtocolRuns.find((r) => r.protocolRunType === 'Audit_Machine:stage_1')!;
    const res = await f.call('PUT', `${base()}/runs/${run.id}/protocol/${f.protocols.machine2.id}`, f.tok.inspector);
    expect(res.statusCode).toBe(200);
    const changed = res.json() as Run;
    expect(changed.inspectionProtocolId).toBe(f.protocols.machine2.id);
    expect(changed.categories.map((c) => (c as unknown as { title: string }).title)).toEqual(['Short']);
    expect(point(changed, 'Jaw dies wear').result).toMatchObject({ selection: 'Damaged' });
    const results = await t.db.selectFrom('inspection_point_results').select('id').where('inspection_id', '=', run.id).execute();
    expect(results).toHaveLength(1); // the measurement's result went with its point
    const wrongKind = await f.call('PUT', `${base()}/runs/${run.id}/protocol/${f.protocols.screen.id}`, f.tok.inspector);
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().field).toBe('protocolId');
  });

  it('deletes a run (soft) and answers 404 for a run of another audit', async () => {
    const run = (await getAudit()).inspectionProtocolRuns.find((r) => r.protocolRunType === 'Audit_Screen:stage_3')!;
    expect((await f.call('DELETE', `${base()}/runs/${run.id}`, f.tok.inspector)).statusCode).toBe(200);
    expect((await getAudit()).inspectionProtocolRuns.some((r) => r.id === run.id)).toBe(false);
    const other = await f.createAudit();
    expect((await f.call('DELETE', `/api/v1/audits/${other.id}/runs/${(await getAudit()).inspectionProtocolRuns[0]!.id}`, f.tok.inspector)).statusCode).toBe(404);
    const trail = await t.db.selectFrom('audit_trail').select('action').where('entity_id', '=', auditId).execute();
    expect(new Set(trail.map((r) => r.action))).toEqual(new Set(['create', 'run.add', 'result.create', 'result.update', 'photo.caption', 'photo.layout', 'run.equipment', 'run.includedInReport', 'run.protocol', 'run.delete', 'run.equipmentConfigurator', 'run.extraPoint']));
  });
});

describe('tRPC audits', () => {
  const trpc = (method: 'GET' | 'POST', path: string, token: string, input: unknown) =>
    t.app.inject({
      method,
      url: method === 'GET' ? `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}` : `/trpc/${path}`,
      headers: { authorization: `Bearer ${token}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      ...(method === 'POST' ? { payload: JSON.stringify(input) } : {}),
    });

  it('answers like the REST calls over the same services, and refuses distributors', async () => {
    const list = await trpc('GET', 'audits.list', f.tok.inspector, { search: 'quarry' });
    expect(list.json().result.data.count).toBeGreaterThanOrEqual(1);
    const one = await trpc('GET', 'audits.get', f.tok.inspector, { id: auditId });
    expect(one.json().result.data.id).toBe(auditId);
    expect((await trpc('POST', 'audits.setText', f.tok.inspector, { id: auditId, field: 'summary', text: 'Via tRPC' })).statusCode).toBe(200);
    expect((await getAudit() as unknown as { summary: string }).summary).toBe('Via tRPC');
    expect((await trpc('POST', 'audits.setFinished', f.tok.inspector, { id: auditId, finished: true })).statusCode).toBe(200);
    expect((await trpc('POST', 'audits.setText', f.tok.inspector, { id: auditId, field: 'summary', text: 'x' })).statusCode).toBe(409);
    expect((await trpc('GET', 'audits.get', f.tok.distUser, { id: auditId })).statusCode).toBe(403);
    expect((await trpc('POST', 'audits.delete', f.tok.inspector, { id: auditId })).statusCode).toBe(403);
  });
});
