import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedAuditFixtures, type AuditFixtures } from '../audits/audits.fixtures.test-helpers.js';

let t: TestApp;
let f: AuditFixtures;
let staffId: string;
let distId: string;
let otherId: string;
let notOwnId: string;
const ids: Record<string, string> = {};

const trpcGet = (path: string, input: unknown, token?: string) =>
  t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
const data = (res: { json(): { result: { data: unknown } } }) => res.json().result.data as Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedAuditFixtures(t);
  const staff = await f.inspection({ inspector: 'Ivy', inspector_user_id: f.users.inspector });
  staffId = staff.id;
  ids.photo = await f.image(f.users.inspector!);
  ids.signature = await f.image(f.users.inspector!);
  ids.voice = (await t.db.insertInto('voice_comments').values({ storage_key: `voice/${crypto.randomUUID()}.m4a`, content_type: 'audio/mp4', size: 10, sha256: 'x' } as never).returning('id').executeTakeFirstOrThrow()).id;
  await t.db.updateTable('inspections').set({ customer_signature_image_id: ids.signature }).where('id', '=', staffId).execute();
  const result = await t.db.insertInto('inspection_point_results').values({
    inspection_id: staffId, inspection_category_id: staff.categories[0]!, protocol_point_id: f.daily.points[f.points.radio]!, inspection_point_id: f.points.radio,
    index: 1, selection: 'Worn', rating: 1, voice_comment_id: ids.voice,
  } as never).returning('id').executeTakeFirstOrThrow();
  await t.db.insertInto('inspection_result_photos').values({ result_id: result.id, image_id: ids.photo, caption: 'Dies', layout: 'Fullscreen', position: 0 }).execute();
  // A live document linked to a point of the protocol, and a deleted one that must not be offered.
  const doc = async (name: string, deleted: boolean) => {
    const d = await t.db.insertInto('documents').values({ name, file_type: 'pdf', file_size: 1234, content_type: 'application/pdf', storage_key: `documents/${name}`, sha256: 'x', version: 1, deleted_at: deleted ? new Date() : null } as never).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('document_inspection_points').values({ document_id: d.id, inspection_point_id: f.points.radio }).execute();
    return d.id;
  };
  ids.document = await doc('Jaw manual', false);
  ids.deletedDocument = await doc('Old manual', true);
  // An earlier report of the same machine with an accepted (open) follow-up action: the form shows it beside the point.
  const earlier = await f.inspection({ inspector: 'Ivy', inspection_date: new Date(Date.UTC(2025, 11, 1)) });
  await t.db.insertInto('inspection_point_results').values({
    inspection_id: earlier.id, inspection_category_id: earlier.categories[0]!, protocol_point_id: f.daily.points[f.points.radio]!, inspection_point_id: f.points.radio,
    index: 1, selection: 'Worn', rating: 2,
  } as never).execute();
  await t.db.updateTable('inspections').set({ finished: true }).where('id', '=', earlier.id).execute();
  const proposal = await t.db.selectFrom('follow_up_actions').select('id').where('inspection_id', '=', earlier.id).executeTakeFirstOrThrow();
  const accepted = await t.app.inject({ method: 'POST', url: `/api/v1/actions/${proposal.id}/accept`, payload: { text: 'Replace the jaw plate' }, headers: { authorization: `Bearer ${f.tok.manager}` } });
  expect(accepted.statusCode, accepted.body).toBe(200);
  distId = (await f.inspection({ company_id: f.companyId, created_by_user_id: f.users['dist.user'] })).id;
  otherId = (await f.inspection({ company_id: f.otherCompanyId })).id;
  notOwnId = (await f.inspection({ inspector: 'Ada', inspector_user_id: f.users.admin })).id;
});
afterAll(() => t?.close());

describe('tRPC offline.inspection', () => {
  it("answers the edit form's reads and every file its points name, with the same data as editDetails", async () => {
    const res = await trpcGet('offline.inspection', { id: staffId }, f.tok.inspector);
    expect(res.statusCode).toBe(200);
    const b = data(res);
    const edit = data(await trpcGet('inspectionEdit.editDetails', { id: staffId }, f.tok.inspector));
    expect(b.editDetails).toEqual(edit);
    expect(b.emailChoices).toEqual(data(await trpcGet('inspectionEdit.emailChoices', { id: staffId }, f.tok.inspector)));
    expect(b.openActions).toEqual(data(await trpcGet('actions.ofInspection', { inspectionId: staffId }, f.tok.inspector)));
    expect(b.openActions).toMatchObject([{ text: 'Replace the jaw plate' }]);
    expect(b).toMatchObject({ kind: 'inspection', id: staffId, name: 'Daily check for Jaw JC' });
    const files = (b.files as { kind: string; path: string }[]).map((x) => [x.kind, x.path]).sort();
    expect(files).toEqual([
      ['document', `/api/v1/documentlibrary/${ids.document}`],
      ['image', `/api/v1/images/${ids.photo}/file`],
      ['image', `/api/v1/images/${ids.signature}/file`],
      ['voice', `/api/v1/voicecomment/${ids.voice}/file`],
    ].sort());
  });

  it('leaves out the contacts for someone who may read but not save the inspection, as the form does', async () => {
    const res = await trpcGet('offline.inspection', { id: notOwnId }, f.tok.inspector);
    expect(res.statusCode).toBe(200);
    expect(data(res).emailChoices).toBeNull();
    expect((await trpcGet('inspectionEdit.emailChoices', { id: notOwnId }, f.tok.inspector)).statusCode).toBe(403);
  });

  it("lets a distributor take its company's inspection and answers 404 for another company's or staff's", async () => {
    expect((await trpcGet('offline.inspection', { id: distId }, f.tok.distUser)).statusCode).toBe(200);
    expect((await trpcGet('offline.inspection', { id: otherId }, f.tok.distUser)).statusCode).toBe(404);
    expect((await trpcGet('offline.inspection', { id: staffId }, f.tok.distAdmin)).statusCode).toBe(404);
  });

  it('refuses level None (403), no token (401) and a bad id (400 naming it)', async () => {
    expect((await trpcGet('offline.inspection', { id: staffId }, f.tok.nobody)).statusCode).toBe(403);
    expect((await trpcGet('offline.inspection', { id: staffId })).statusCode).toBe(401);
    const bad = await trpcGet('offline.inspection', { id: 'nope' }, f.tok.inspector);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('id');
  });
});

describe('tRPC offline.audit', () => {
  it("answers audits.get's data and the audit's files to staff", async () => {
    const audit = await f.createAudit();
    const res = await trpcGet('offline.audit', { id: audit.id }, f.tok.inspector);
    expect(res.statusCode).toBe(200);
    const b = data(res);
    expect(b.audit).toEqual(data(await trpcGet('audits.get', { id: audit.id }, f.tok.inspector)));
    expect(b).toMatchObject({ kind: 'audit', id: audit.id });
    // The site protocol asks the radio point, to which the live document is linked.
    expect((b.files as { path: string }[]).map((x) => x.path)).toEqual([`/api/v1/documentlibrary/${ids.document}`]);
  });

  it('refuses a distributor and level None (403), as audits.get does', async () => {
    const audit = await f.createAudit();
    expect((await trpcGet('offline.audit', { id: audit.id }, f.tok.distAdmin)).statusCode).toBe(403);
    expect((await trpcGet('offline.audit', { id: audit.id }, f.tok.nobody)).statusCode).toBe(403);
    expect((await trpcGet('offline.audit', { id: '00000000-0000-4000-8000-000000000000' }, f.tok.inspector)).statusCode).toBe(404);
  });
});
