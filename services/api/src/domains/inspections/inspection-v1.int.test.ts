import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TV1Inspection, TV1InspectionReport } from '@insp/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { rateEveryPoint, seedEditFixtures, type EditFixtures } from './inspection-edit.fixtures.test-helpers.js';

/** Issue 20, 'The field app's payloads': the REST v1 inspection shapes of spec 000 §3 and their round trip. */
let t: TestApp;
let f: EditFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedEditFixtures(t);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const editDetails = async (id: string) => (await call('GET', `/api/v1/inspections/${id}/editDetails`, f.tok.admin)).json() as TV1InspectionReport;
const web = async (id: string) => (await call('GET', `/api/v1/inspections/${id}/web`, f.tok.inspector)).json() as TV1Inspection;
const save = (id: string, body: unknown, token = f.tok.inspector) => call('PUT', `/api/v1/inspections/update?lang=en&id=${id}`, token, body);
const stored = (id: string) =>
  t.db.selectFrom('inspections').select(['summary', 'comment', 'internal_comment', 'contact_name', 'inspector', 'equipment_configurator']).where('id', '=', id).executeTakeFirstOrThrow();

/** An inspection with texts, an internal comment on a point, a finding and a priority action, saved through the API. */
async function filledInspection(type = 'Daily') {
  const { id } = await f.inspection({ type, inspector: 'Ivy', inspector_user_id: f.users.inspector, contact_name: 'Bo Buyer', contact_email: 'bo@quarry.example' });
  const x = rateEveryPoint(await editDetails(id));
  x.content.summary = 'Fair condition';
  x.comment = 'See findings';
  x.internalComment = 'Quote dies';
  Object.assign(x.categories[0]!.inspectionPoints[1]!.content, { selection: 'Worn', comment: 'Wear observed.', internalComment: 'Price it' });
  x.findings = [{ title: 'Worn dies', description: 'd', consequence: 'c', corrective: 'r', preventive: 'p', photos: [], show: true } as never];
  x.priorityActions = [{ title: 'Order dies', description: 'Soon', priority: 'High' } as never];
  const res = await save(id, { ...x, finished: false });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

describe('REST v1 inspection payloads (000 §3)', () => {
  it('answers the inspection report with content nested and type as an object; GET web the full inspection with equipmentConfig', async () => {
    const id = await filledInspection();
    const report = await editDetails(id);
    expect(report).toMatchObject({
      id,
      type: { name: 'Daily' },
      inspector: 'Ivy',
      customer: 'Quarry Ltd',
      productFamilyName: 'Jaw JC',
      content: {
        summary: 'Fair condition', inspector: 'Ivy', customer: 'Quarry Ltd', contactName: 'Bo Buyer', contactEmail: 'bo@quarry.example',
        inspectionDate: Date.UTC(2026, 0, 5), equipment: { serialNumber: 'SN-1', id: f.equipment },
      },
      internalComment: 'Quote dies',
      equipmentConfigurator: null,
    });
    // Moved into content, not answered twice.
    for (const k of ['summary', 'contactName', 'contactEmail', 'contactPhoneNumber', 'serialNumber']) expect(report, k).not.toHaveProperty(k);
    const point = report.categories[0]!.inspectionPoints[1]!;
    expect(point).toMatchObject({ protocolPointId: expect.any(String), type: 'RadioButtonSelection', ratingField: { present: true }, content: { selection: 'Worn', internalComment: 'Price it', photos: [] } });

    const full = await web(id);
    expect(full).toMatchObject({ id, finished: false, type: { name: 'Daily' }, equipmentConfig: null });
    expect(full).not.toHaveProperty('equipmentConfigurator');
    expect(full).not.toHaveProperty('internalComment');
    expect(full.categories[0]!.inspectionPoints[1]!.content).not.toHaveProperty('internalComment');
  });

  it('takes back what GET web answered: 200, and nothing it did not hold (internal comments, findings) is lost', async () => {
    const id = await filledInspection();
    const before = await editDetails(id);
    const full = await web(id);
    full.finished = true; // 000 §4: the client sets finished before it sends the inspection
    const res = await save(id, full);
    expect(res.statusCode, res.body).toBe(200);
    const after = await editDetails(id);
    expect(after.internalComment).toBe('Quote dies');
    expect(after.categories[0]!.inspectionPoints[1]!.content).toMatchObject({ internalComment: 'Price it', selection: 'Worn' });
    expect(after.findings).toEqual(before.findings);
    expect(after.priorityActions).toEqual(before.priorityActions);
    expect(after.content).toEqual(before.content);
    expect(after.finished).toBe(true);

    // editDetails' answer goes back as well, and an edit made in it is saved.
    const report = await editDetails(id);
    report.content.summary = 'Changed in the field';
    report.categories[0]!.inspectionPoints[1]!.content.internalComment = 'New price';
    expect((await save(id, report)).statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ summary: 'Changed in the field', internal_comment: 'Quote dies' });
    expect((await editDetails(id)).categories[0]!.inspectionPoints[1]!.content.internalComment).toBe('New price');
  });

  it('keeps every part a save leaves out', async () => {
    const id = await filledInspection();
    const res = await save(id, { comment: 'Only this' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(id)).toMatchObject({ summary: 'Fair condition', comment: 'Only this', internal_comment: 'Quote dies', contact_name: 'Bo Buyer' });
    const after = await editDetails(id);
    expect(after.findings.map((x) => x.title)).toEqual(['Worn dies']);
    expect(after.priorityActions.map((x) => x.title)).toEqual(['Order dies']);
  });

  it('refuses a field it does not know with a 400 naming it, at any depth, and writes nothing', async () => {
    const id = await filledInspection();
    const full = await web(id);
    const cases: [string, (x: Record<string, any>) => void][] = [
      ['internalComent', (x) => void (x.internalComent = 'typo')],
      ['content.summery', (x) => void (x.content.summery = 'typo')],
      ['content.equipment.serial', (x) => void (x.content.equipment.serial = 'SN-2')],
      ['categories.0.inspectionPoints.1.content.coment', (x) => void (x.categories[0].inspectionPoints[1].content.coment = 'typo')],
      ['findings.0.titel', (x) => void (x.findings[0].titel = 'typo')],
    ];
    for (const [field, edit] of cases) {
      const body = structuredClone(full) as Record<string, any>;
      body.comment = 'not saved';
      edit(body);
      const res = await save(id, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ field, message: `${field}: is not a field of this call` });
    }
    expect((await stored(id)).comment).toBe('See findings');
  });

  it('saves an edit of the top-level or of the content copy of a value; two different edits are a 400', async () => {
    const id = await filledInspection();
    const a = await editDetails(id);
    a.inspector = 'Ida';
    expect((await save(id, a)).statusCode).toBe(200);
    expect((await stored(id)).inspector).toBe('Ida');
    const b = await editDetails(id);
    b.content.inspector = 'Iris';
    expect((await save(id, b)).statusCode).toBe(200);
    expect((await stored(id)).inspector).toBe('Iris');
    const both = await editDetails(id);
    both.inspector = 'One';
    both.content.inspector = 'Other';
    const res = await save(id, both);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'inspector', message: 'inspector: differs from content.inspector; change one of them, or both alike' });
    expect((await stored(id)).inspector).toBe('Iris');
  });

  it("saves a configurator sent as GET web's equipmentConfig or as equipmentConfigurator", async () => {
    const id = await filledInspection('Commission');
    const full = await web(id);
    full.equipmentConfig = { 'Feed opening': '1200 mm' };
    const res = await save(id, full);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().equipmentConfigurator).toEqual({ 'Feed opening': '1200 mm' });
    const report = await editDetails(id);
    report.equipmentConfigurator = { Screens: 3 };
    expect((await save(id, report)).statusCode).toBe(200);
    expect((await web(id)).equipmentConfig).toEqual({ Screens: 3 });
  });

  it('mails the report when a save says so, and never again for a copy sent back as read', async () => {
    const id = await filledInspection();
    const mails = async () => (await t.db.selectFrom('outbox').select('payload').where('name', '=', 'report.email').execute()).filter((o) => (o.payload as { inspectionId: string }).inspectionId === id);
    const report = await editDetails(id);
    expect((await save(id, { ...report, sendEmail: true })).statusCode).toBe(200);
    expect(await mails()).toHaveLength(1);
    const again = await web(id);
    expect(again.sendEmail).toBe(false); // a command, not a state
    again.comment = 'A later edit';
    expect((await save(id, again)).statusCode).toBe(200);
    expect(await mails()).toHaveLength(1);
  });

  it('refuses a changed read-only value (customer, machine, type) with a 400 naming it, and takes photos with the local index and image', async () => {
    const id = await filledInspection();
    for (const [field, edit] of [
      ['content.customer', (x: TV1InspectionReport) => void (x.content.customer = 'Someone else')],
      ['content.equipment.serialNumber', (x: TV1InspectionReport) => void (x.content.equipment.serialNumber = 'SN-9')],
      ['type.name', (x: TV1InspectionReport) => void (x.type.name = 'Commission')],
    ] as const) {
      const x = await editDetails(id);
      edit(x);
      const res = await save(id, x);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const img = await f.image(f.users.inspector!);
    const x = await editDetails(id);
    x.categories[0]!.inspectionPoints[1]!.content.photos = [{ imageId: img, caption: 'Dies', layout: 'Default', index: 0, image: 'data:image/png;base64,AAAA' } as never];
    const res = await save(id, x);
    expect(res.statusCode, res.body).toBe(200);
    expect((await editDetails(id)).categories[0]!.inspectionPoints[1]!.content.photos).toMatchObject([{ imageId: img, caption: 'Dies' }]);
  });

  it('compares the two copies of the configurator whatever the order of their keys', async () => {
    const id = await filledInspection('Commission');
    const first = await editDetails(id);
    first.equipmentConfigurator = { a: { x: 1, y: 2 }, b: 1 };
    expect((await save(id, first)).statusCode).toBe(200);
    const full = await web(id);
    const both = { ...full, equipmentConfig: { a: { x: 1, y: 3 }, b: 1 }, equipmentConfigurator: { b: 1, a: { y: 2, x: 1 } } };
    const res = await save(id, both);
    expect(res.statusCode, res.body).toBe(200);
    expect((await web(id)).equipmentConfig).toEqual({ a: { x: 1, y: 3 }, b: 1 });
  });

  it('refuses an id in the body that is not the one of the query, and callers below the level', async () => {
    const id = await filledInspection();
    const full = await web(id);
    const other = await f.inspection({ inspector_user_id: f.users.inspector });
    const res = await save(other.id, full);
    expect(res.json()).toMatchObject({ statusCode: 400, field: 'id' });
    expect((await call('GET', `/api/v1/inspections/${id}/web`, f.tok.nobody)).statusCode).toBe(403);
    expect((await save(id, { comment: 'x' }, f.tok.nobody)).statusCode).toBe(403);
  });
});
