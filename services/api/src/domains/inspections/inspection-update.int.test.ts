import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE, type TV1InspectionReport as TInspectionEdit } from '@insp/contracts';
import { loadReportData } from '@insp/db';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { rateEveryPoint, seedEditFixtures, type EditFixtures } from './inspection-edit.fixtures.test-helpers.js';

let t: TestApp;
let f: EditFixtures;
let img: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedEditFixtures(t);
  img = await f.image(f.users.inspector!);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const read = async (id: string, token = f.tok.admin) => (await call('GET', `/api/v1/inspections/${id}/editDetails`, token)).json() as TInspectionEdit;
const save = (id: string, token: string, body: unknown, lang = 'en') => call('PUT', `/api/v1/inspections/update?lang=${lang}&id=${id}`, token, body);
const staffInspection = () => f.inspection({ inspector: 'Ivy', inspector_user_id: f.users.inspector, contact_email: 'buyer@quarry.example', contact_name: 'Bo Buyer' });
/**
 * What the form sends back after editing: the inspection as read, finished set (000 §4) and every point rated as
 * finishing asks (issue 20; required-ratings.int.test.ts tests that rule), with `edit` applied.
 */
const edited = async (id: string, edit: (x: TInspectionEdit) => void) => {
  const x = rateEveryPoint(await read(id));
  x.finished = true;
  edit(x);
  return x;
};
const point = (x: TInspectionEdit, cat: number, p: number) => x.categories[cat]!.inspectionPoints[p]!;

describe('PUT api/v1/inspections/update', () => {
  it('saves the whole inspection: creates results without id, updates those with id, sets finished and keeps the status', async () => {
    const { id } = await staffInspection();
    const body = await edited(id, (x) => {
      x.content.summary = 'Machine in fair condition';
      x.comment = 'See findings';
      x.internalComment = 'Quote dies';
      Object.assign(point(x, 0, 1).content, { selection: 'Worn', rating: 'Follow', comment: 'Wear observed.', photos: [{ imageId: img, caption: 'Dies', layout: 'Default' }] });
      Object.assign(point(x, 1, 0).content, { value: '12,5', rating: 2 });
      x.findings = [{ title: 'Worn dies', description: 'd', consequence: 'c', corrective: 'r', preventive: 'p', photos: [], show: true } as never];
      x.priorityActions = [{ title: 'Order dies', description: 'Within a week', priority: 'High' } as never];
    });
    const res = await save(id, f.tok.inspector, body);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as TInspectionEdit;
    expect(saved).toMatchObject({ finished: true, status: 'In_Use', content: { summary: 'Machine in fair condition' }, internalComment: 'Quote dies', findings: [{ title: 'Worn dies' }], priorityActions: [{ title: 'Order dies', priority: 'High' }] });
    const radio = point(saved, 0, 1).content;
    expect(radio).toMatchObject({ selection: 'Worn', rating: 'Follow', photos: [{ imageId: img, caption: 'Dies' }] });
    expect(point(saved, 1, 0).content).toMatchObject({ value: '12,5', rating: 'Repair' });

    // The second save updates the same rows (ids kept), replaces photos and findings as sets.
    Object.assign(radio, { selection: 'Damaged', photos: [] });
    saved.findings = [];
    const again = (await save(id, f.tok.inspector, saved)).json() as TInspectionEdit;
    expect(point(again, 0, 1).content).toMatchObject({ id: radio.id, selection: 'Damaged', photos: [] });
    expect(again.findings).toEqual([]);
    const rows = await t.db.selectFrom('inspection_point_results').select('id').where('inspection_id', '=', id).execute();
    // a row for each point the save rated (finishing asks for every required rating), the same rows the second time
    expect(rows).toHaveLength(5);
    expect(await t.db.selectFrom('inspection_result_photos').select('id').where('image_id', '=', img).execute()).toEqual([]);

    const row = await t.db.selectFrom('inspections').select(['finished', 'finished_at', 'updated_by_user_id', 'search_text', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ finished: true, updated_by_user_id: f.users.inspector, search_text: 'daily check for jaw jc sn-1 quarry ltd north pit ivy', status: 'In_Use' });
    const trail = await t.db.selectFrom('audit_trail').select(['action', 'changes']).where('entity_id', '=', id).orderBy('id').execute();
    expect(trail.map((r) => r.action)).toEqual(['update', 'update']);
    expect(trail[0]!.changes).toMatchObject({ resultsCreated: 5, resultsUpdated: 0 });
  });

  it('recomputes aggregated table cells whatever the client sent, and keeps typed cells', async () => {
    const { id } = await staffInspection();
    const [left, right, avg] = f.table.fields as [string, string, string];
    const [main, side, total] = f.table.rows as [string, string, string];
    const body = await edited(id, (x) => {
      point(x, 1, 1).content.rows = [
        { id: main, title: 'Main', inspectionPointRowAggregation: 'No', values: [{ rowId: main, fieldId: left, value: '10' }, { rowId: main, fieldId: right, value: '12,5' }, { rowId: main, fieldId: avg, value: '999' }] },
        { id: side, title: 'Side', inspectionPointRowAggregation: 'No', values: [{ rowId: side, fieldId: left, value: '8' }, { rowId: side, fieldId: right, value: '9' }] },
        { id: total, title: 'Total', inspectionPointRowAggregation: 'Sum', values: [{ rowId: total, fieldId: left, value: '0' }] },
      ];
    });
    const res = await save(id, f.tok.inspector, body);
    expect(res.statusCode, res.body).toBe(200);
    const cells = Object.fromEntries(point(res.json(), 1, 1).content.rows.flatMap((r: TInspectionEdit['categories'][number]['inspectionPoints'][number]['content']['rows'][number]) => r.values.map((v) => [`${r.title}/${v.fieldId === left ? 'L' : v.fieldId === right ? 'R' : 'A'}`, v.value])));
    expect(cells).toEqual({ 'Main/L': '10', 'Main/R': '12,5', 'Main/A': '11.25', 'Side/L': '8', 'Side/R': '9', 'Side/A': '8.5', 'Total/L': '18', 'Total/R': '21.5', 'Total/A': '19.75' });
  });

  it('answers 400 naming the field for a bad number, an unknown enum, a control character, too many photos or an unknown option', async () => {
    const { id } = await staffInspection();
    const cases: [string, (x: TInspectionEdit) => void][] = [
      ['categories.1.inspectionPoints.0.content.value', (x) => void (point(x, 1, 0).content.value = '12 mm')],
      ['categories.0.inspectionPoints.1.content.rating', (x) => void ((point(x, 0, 1).content as { rating: string }).rating = 'Great')],
      ['categories.0.inspectionPoints.1.content.photos.0.layout', (x) => void (point(x, 0, 1).content.photos = [{ imageId: img, caption: '', layout: 'Huge' as never }])],
      ['categories.0.inspectionPoints.1.content.comment', (x) => void (point(x, 0, 1).content.comment = 'bad\u0000text')],
      ['categories.0.inspectionPoints.1.content.photos', (x) => void (point(x, 0, 1).content.photos = Array.from({ length: 21 }, () => ({ imageId: img, caption: '', layout: 'Default' as const })))],
      ['categories.0.inspectionPoints.1.content.selection', (x) => void (point(x, 0, 1).content.selection = 'Shiny')],
      ['categories.2.inspectionPoints.0.content.multipleChoices.0.selectedOptionIds', (x) => void (point(x, 2, 0).content.multipleChoices = [{ multipleChoiceId: f.choice.id, selectedOptionIds: f.choice.options }])],
      ['categories.2.inspectionPoints.1.content.dropdowns.0.selectedOptionIds.0', (x) => void (point(x, 2, 1).content.dropdowns = [{ dropdownId: f.dropdown.id, selectedOptionIds: [f.choice.options[0]!] }])],
      ['categories.1.inspectionPoints.1.content.rows.0.values.0.value', (x) => void (point(x, 1, 1).content.rows = [{ id: f.table.rows[0]!, title: '', inspectionPointRowAggregation: 'No', values: [{ rowId: f.table.rows[0]!, fieldId: f.table.fields[0]!, value: 'thick' }] }])],
      ['customerSignature', (x) => void (x.customerSignature = crypto.randomUUID())],
      ['equipmentConfigurator', (x) => void (x.equipmentConfigurator = { key: 'a\u0001b' })],
    ];
    for (const [field, edit] of cases) {
      const res = await save(id, f.tok.inspector, await edited(id, edit));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json(), field).toMatchObject({ field });
      expect(res.json().message.startsWith(`${field}: `), res.json().message).toBe(true);
    }
    const nul = await save(id, f.tok.inspector, await edited(id, (x) => void (x.content.summary = 'a\u0000')));
    expect(nul.json()).toMatchObject({ field: 'content.summary', message: `content.summary: ${CONTROL_CHARACTERS_MESSAGE}` });
    expect(await t.db.selectFrom('inspection_point_results').select('id').where('inspection_id', '=', id).execute()).toEqual([]);
  });

  it('is atomic: a photo that does not exist, after results and texts were written, leaves nothing changed', async () => {
    const { id } = await staffInspection();
    const before = await read(id);
    const body = await edited(id, (x) => {
      x.content.summary = 'Should not stay';
      point(x, 0, 1).content.selection = 'Good';
      point(x, 1, 0).content.value = '20';
      point(x, 2, 1).content.photos = [{ imageId: crypto.randomUUID(), caption: 'gone', layout: 'Default' }];
      x.findings = [{ title: 'Should not stay', description: '', consequence: '', corrective: '', preventive: '', photos: [], show: true } as never];
    });
    const res = await save(id, f.tok.inspector, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'categories.2.inspectionPoints.1.content.photos.0.imageId' });
    expect(await read(id)).toEqual(before);
    expect(await t.db.selectFrom('audit_trail').select('id').where('entity_id', '=', id).execute()).toEqual([]);
  });

  it('queues exactly one report e-mail in the outbox with the save when sendEmail is set, and none otherwise', async () => {
    const { id } = await staffInspection();
    const outbox = () => t.db.selectFrom('outbox').select(['name', 'payload']).where('name', '=', 'report.email').where(({ ref, eb }) => eb(eb.fn('jsonb_extract_path_text', [ref('payload'), eb.val('inspectionId')]), '=', id)).execute();
    expect((await save(id, f.tok.inspector, await edited(id, () => {}))).statusCode).toBe(200);
    expect(await outbox()).toEqual([]);
    const res = await save(id, f.tok.inspector, await edited(id, (x) => void (x.sendEmail = true)), 'fi');
    expect(res.statusCode, res.body).toBe(200);
    expect(await outbox()).toEqual([{ name: 'report.email', payload: { inspectionId: id, lang: 'fi', to: 'buyer@quarry.example' } }]);
    const noAddress = await save(id, f.tok.inspector, await edited(id, (x) => Object.assign(x, { sendEmail: true, content: { ...x.content, contactEmail: '' } })));
    expect(noAddress.json()).toMatchObject({ field: 'contactEmail' }); // the address the e-mail needs, sent or stored
    expect(await outbox()).toHaveLength(1);
    expect((await save(id, f.tok.inspector, await edited(id, () => {}), 'xx')).json()).toMatchObject({ field: 'lang' });
  });

  it("queues the e-mail in the emailLanguage of the save, else the customer's language (issue 20); an unknown one is 400 naming emailLanguage", async () => {
    const customer = (await t.db.insertInto('customers').values({ name: 'Kieli Oy', language: 'fi' }).returning('id').executeTakeFirstOrThrow()).id;
    const { id } = await f.inspection({ inspector_user_id: f.users.inspector, customer_id: customer, contact_email: 'buyer@kieli.example' });
    const outbox = () => t.db.selectFrom('outbox').select('payload').where('name', '=', 'report.email').where(({ ref, eb }) => eb(eb.fn('jsonb_extract_path_text', [ref('payload'), eb.val('inspectionId')]), '=', id)).orderBy('id').execute();
    expect((await save(id, f.tok.inspector, await edited(id, (x) => void (x.sendEmail = true)))).statusCode).toBe(200);
    expect((await save(id, f.tok.inspector, await edited(id, (x) => Object.assign(x, { sendEmail: true, emailLanguage: 'EN' })), 'fi')).statusCode).toBe(200);
    expect((await outbox()).map((o) => o.payload)).toEqual([{ inspectionId: id, lang: 'fi', to: 'buyer@kieli.example' }, { inspectionId: id, lang: 'en', to: 'buyer@kieli.example' }]);
    const before = await read(id);
    const bad = await save(id, f.tok.inspector, await edited(id, (x) => Object.assign(x, { sendEmail: true, emailLanguage: 'xx', content: { ...x.content, summary: 'not saved' } })));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'emailLanguage', message: 'emailLanguage: is not a known language' });
    expect(await read(id)).toEqual(before);
    expect(await outbox()).toHaveLength(2);
  });

  it("offers the customer's language and live contacts to those who may save the inspection, and 403 to others (tRPC emailChoices)", async () => {
    const customer = (await t.db.insertInto('customers').values({ name: 'Choices Oy', language: 'fi' }).returning('id').executeTakeFirstOrThrow()).id;
    await t.db.insertInto('contacts').values([
      { customer_id: customer, name: 'Bo Buyer', email: 'bo@choices.example', phone_number: '+358 1' },
      { customer_id: customer, name: 'Gone', email: 'gone@choices.example', deleted_at: new Date() },
      { customer_id: customer, name: 'Ann Accounts', email: null },
    ]).execute();
    const { id } = await f.inspection({ inspector_user_id: f.users.inspector, customer_id: customer });
    const choices = (token: string) => call('GET', `/trpc/inspectionEdit.emailChoices?input=${encodeURIComponent(JSON.stringify({ id }))}`, token);
    const res = await choices(f.tok.inspector);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.data).toEqual({
      language: 'fi',
      contacts: [
        { id: expect.any(String), name: 'Ann Accounts', email: null, phoneNumber: null },
        { id: expect.any(String), name: 'Bo Buyer', email: 'bo@choices.example', phoneNumber: '+358 1' },
      ],
    });
    expect((await choices(f.tok.manager)).statusCode).toBe(200);
    expect((await choices(f.tok.distUser)).statusCode).toBe(404); // another company's inspection answers like a missing one
    expect((await choices(f.tok.nobody)).statusCode).toBe(403);
    const notHers = await f.inspection({ inspector_user_id: f.users.manager, customer_id: customer });
    const other = await call('GET', `/trpc/inspectionEdit.emailChoices?input=${encodeURIComponent(JSON.stringify({ id: notHers.id }))}`, f.tok.inspector);
    expect(other.statusCode).toBe(403); // a User-level inspector of someone else's report may not save it, so sees no contacts
  });

  it('lets the inspector, the inspector contact and managers save; refuses other users (403) and level None', async () => {
    const { id } = await f.inspection({ inspector_contact: 'Inspector@Company.example' });
    const body = await edited(id, () => {});
    expect((await save(id, f.tok.inspector, body)).statusCode).toBe(200);
    expect((await save(id, f.tok.manager, body)).statusCode).toBe(200);
    const { id: foreign } = await f.inspection({ inspector_user_id: f.users.manager });
    expect((await save(foreign, f.tok.inspector, await edited(foreign, () => {}))).statusCode).toBe(403);
    expect((await save(foreign, f.tok.nobody, await edited(foreign, () => {}))).statusCode).toBe(403);
  });

  it("scopes distributors: a user saves its own company's inspection, another company's answers 404", async () => {
    const { id } = await f.inspection({ company_id: f.companyId, created_by_user_id: f.users['dist.user'] });
    const body = await edited(id, (x) => void (x.comment = 'by distributor'));
    expect((await save(id, f.tok.distUser, body)).statusCode).toBe(200);
    expect((await save(id, f.tok.distAdmin, body)).statusCode).toBe(200);
    const { id: other } = await f.inspection({ company_id: f.otherCompanyId });
    expect((await save(other, f.tok.distAdmin, await edited(other, () => {}))).statusCode).toBe(404);
    // A distributor may not attach an image another company uploaded.
    const foreignImage = await f.image(f.otherDist);
    const res = await save(id, f.tok.distUser, await edited(id, (x) => void (x.providerSignature = foreignImage)));
    expect(res.json()).toMatchObject({ statusCode: 400, field: 'providerSignature' });
  });

  it('saves the equipment configurator of Commission and Equipment_Configurator inspections, prints it, and keeps other types without one (issue 20)', async () => {
    for (const [type, kept] of [['Commission', true], ['Equipment_Configurator', true], ['Daily', false]] as const) {
      const { id } = await f.inspection({ type, inspector_user_id: f.users.inspector });
      const res = await save(id, f.tok.inspector, await edited(id, (x) => void (x.equipmentConfigurator = { 'Feed opening': '1200 mm', Screens: 3 })));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().equipmentConfigurator, type).toEqual(kept ? { 'Feed opening': '1200 mm', Screens: 3 } : null);
      const report = (await loadReportData(t.db, id, 'en'))!;
      expect(report.equipmentConfigurator?.map((e) => e.key).sort() ?? null, type).toEqual(kept ? ['Feed opening', 'Screens'] : null); // jsonb keeps its own key order
    }
  });

  it('keeps a Finished inspection read-only except for an Admin', async () => {
    const { id } = await f.inspection({ status: 'Finished', finished: true, inspector_user_id: f.users.inspector });
    const body = await edited(id, (x) => void (x.comment = 'late change'));
    const refused = await save(id, f.tok.inspector, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ field: 'status' });
    expect((await save(id, f.tok.manager, body)).statusCode).toBe(403);
    const ok = await save(id, f.tok.admin, body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'Finished', comment: 'late change' });
  });
});
