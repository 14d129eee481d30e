import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInspectionEdit, TV1InspectionReport } from '@insp/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedEditFixtures, type EditFixtures } from './inspection-edit.fixtures.test-helpers.js';

/**
 * Issue 23, two people editing the texts of one inspection (summary, comment, the info box's texts): each carries a
 * version; the later save of a text wins and its answer names the text it overwrote; texts a save does not name in
 * `fieldVersions` are kept; older clients (no fieldVersions) save as before; a replay answers the same.
 */
let t: TestApp;
let f: EditFixtures;

beforeAll(async () => {
  t = await createTestApp({}, {});
  f = await seedEditFixtures(t);
  await t.db.updateTable('inspection_points').set({ rating_field_required: false }).execute();
});
afterAll(() => t?.close());

const started = () => f.startedByInspector();
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
async function read(id: string, token: string): Promise<TInspectionEdit> {
  const res = await t.app.inject({ method: 'GET', url: `/trpc/inspectionEdit.editDetails?input=${encodeURIComponent(JSON.stringify({ id }))}`, headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.data as TInspectionEdit;
}
/** The form's save: what it read, with the texts changed, no points (none touched), as a draft. */
const body = (edit: TInspectionEdit, changes: Partial<TInspectionEdit>, fieldVersions?: Record<string, number>) => {
  const { categories: _c, extraPoints: _e, textVersions: _v, can: _can, ...rest } = edit;
  return { ...rest, ...changes, finished: false, categories: [], extraPoints: [], ...(fieldVersions ? { fieldVersions } : {}) };
};
const update = (id: string, token: string, data: unknown, clientRequestId?: string) =>
  t.app.inject({ method: 'POST', url: '/trpc/inspectionEdit.update', headers: auth(token), payload: { id, lang: 'en', data, ...(clientRequestId ? { clientRequestId } : {}) } });
const stored = (id: string) => t.db.selectFrom('inspections').select(['summary', 'comment', 'contact_name']).where('id', '=', id).executeTakeFirstOrThrow();

describe('two people on the texts of one inspection (tRPC update)', () => {
  it('the same text: the later save wins and its answer names the text, by whom and when; the read shows the versions', async () => {
    const { id } = await started();
    const mine = await read(id, f.tok.inspector);
    const theirs = await read(id, f.tok.manager);
    expect(mine.textVersions).toEqual({});
    const first = await update(id, f.tok.manager, body(theirs, { summary: 'Manager summary' }, { summary: theirs.textVersions?.summary?.version ?? 0 }));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result.data.overwritten).toBeUndefined();
    expect(first.json().result.data.textVersions.summary).toEqual({ version: 1, updatedAt: expect.any(Number), updatedBy: 'Manager' });
    const second = await update(id, f.tok.inspector, body(mine, { summary: 'Inspector summary' }, { summary: 0 }));
    expect(second.statusCode, second.body).toBe(200);
    const answer = second.json().result.data as TInspectionEdit;
    expect(answer.overwritten).toEqual([{ field: 'summary', resultId: null, version: 1, updatedAt: first.json().result.data.textVersions.summary.updatedAt, updatedBy: 'Manager' }]);
    expect(answer.summary).toBe('Inspector summary');
    expect(answer.textVersions?.summary).toMatchObject({ version: 2, updatedBy: 'Inspector' });
    expect((await stored(id)).summary).toBe('Inspector summary');
    expect((await read(id, f.tok.manager)).textVersions?.summary).toMatchObject({ version: 2, updatedBy: 'Inspector' });
    // saved again from the version answered: nothing of anyone overwritten; one's own earlier save is never reported
    const third = await update(id, f.tok.inspector, body(answer, { summary: 'Again' }, { summary: 1 }));
    expect(third.json().result.data.overwritten).toBeUndefined();
  });

  it('different texts: no conflict, and the text a save did not change is kept (its copy was older)', async () => {
    const { id } = await started();
    const mine = await read(id, f.tok.inspector);
    const theirs = await read(id, f.tok.manager);
    expect((await update(id, f.tok.manager, body(theirs, { comment: 'Manager comment', contactName: 'Carl' }, { comment: 0, contactName: 0 }))).statusCode).toBe(200);
    const res = await update(id, f.tok.inspector, body(mine, { summary: 'Inspector summary' }, { summary: 0 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.data.overwritten).toBeUndefined();
    expect(await stored(id)).toEqual({ summary: 'Inspector summary', comment: 'Manager comment', contact_name: 'Carl' });
    const versions = (await read(id, f.tok.inspector)).textVersions!;
    expect([versions.summary?.updatedBy, versions.comment?.updatedBy, versions.contactName?.updatedBy]).toEqual(['Inspector', 'Manager', 'Manager']);
  });

  it('a save that sends a text unchanged does not raise its version', async () => {
    const { id } = await started();
    const edit = await read(id, f.tok.inspector);
    await update(id, f.tok.inspector, body(edit, { summary: 'Once' }));
    const again = await update(id, f.tok.inspector, body(edit, { summary: 'Once' }));
    expect(again.json().result.data.textVersions).toEqual({ summary: expect.objectContaining({ version: 1 }) });
  });

  it('without fieldVersions (older clients): every text sent is written, the later wins, nothing is reported', async () => {
    const { id } = await started();
    const mine = await read(id, f.tok.inspector);
    const theirs = await read(id, f.tok.manager);
    expect((await update(id, f.tok.manager, body(theirs, { summary: 'Manager summary', comment: 'Manager comment' }))).statusCode).toBe(200);
    const res = await update(id, f.tok.inspector, body(mine, { summary: 'Inspector summary' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.data.overwritten).toBeUndefined();
    // as before: the stale comment sent along is written too
    expect(await stored(id)).toMatchObject({ summary: 'Inspector summary', comment: '' });
    expect(res.json().result.data.textVersions).toMatchObject({ summary: { version: 2, updatedBy: 'Inspector' }, comment: { version: 2, updatedBy: 'Inspector' } });
  });

  it('a replay with the same clientRequestId answers the same, overwritten included, and writes nothing more', async () => {
    const { id } = await started();
    const mine = await read(id, f.tok.inspector);
    await update(id, f.tok.manager, body(await read(id, f.tok.manager), { summary: 'Manager summary' }, { summary: 0 }));
    const key = randomUUID();
    const data = body(mine, { summary: 'Inspector summary' }, { summary: 0 });
    const first = await update(id, f.tok.inspector, data, key);
    expect(first.json().result.data.overwritten).toHaveLength(1);
    await update(id, f.tok.manager, body(await read(id, f.tok.manager), { summary: 'Manager again' }, { summary: 2 }));
    const again = await update(id, f.tok.inspector, data, key);
    expect(again.json()).toEqual(first.json());
    expect((await stored(id)).summary).toBe('Manager again');
  });

  it('internal comments\' versions only where internal comments are shown (GET web has none)', async () => {
    const { id } = await started();
    await update(id, f.tok.inspector, body(await read(id, f.tok.inspector), { internalComment: 'only us', summary: 'S' }, { internalComment: 0, summary: 0 }));
    expect(Object.keys((await read(id, f.tok.inspector)).textVersions!).sort()).toEqual(['internalComment', 'summary']);
    const web = await t.app.inject({ method: 'GET', url: `/api/v1/inspections/${id}/web`, headers: auth(f.tok.inspector) });
    expect(Object.keys(web.json().textVersions)).toEqual(['summary']);
  });
});

describe('REST PUT api/v1/inspections/update', () => {
  it('takes fieldVersions and answers textVersions and overwritten in the v1 report; the OpenAPI document lists both', async () => {
    const { id } = await started();
    const url = `/api/v1/inspections/update?lang=en&id=${id}`;
    const mine = (await t.app.inject({ method: 'GET', url: `/api/v1/inspections/${id}/editDetails`, headers: auth(f.tok.inspector) })).json() as TV1InspectionReport;
    const theirs = (await t.app.inject({ method: 'GET', url: `/api/v1/inspections/${id}/editDetails`, headers: auth(f.tok.manager) })).json() as TV1InspectionReport;
    const a = await t.app.inject({ method: 'PUT', url, headers: auth(f.tok.manager), payload: { ...theirs, finished: false, content: { ...theirs.content, contactName: 'Carl' }, fieldVersions: { contactName: 0 } } });
    expect(a.statusCode, a.body).toBe(200);
    const b = await t.app.inject({ method: 'PUT', url, headers: auth(f.tok.inspector), payload: { ...mine, finished: false, content: { ...mine.content, contactName: 'Dora', summary: 'stale copy kept' }, fieldVersions: { contactName: 0 } } });
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().overwritten).toEqual([expect.objectContaining({ field: 'contactName', resultId: null, version: 1, updatedBy: 'Manager' })]);
    expect(b.json().content).toMatchObject({ contactName: 'Dora', summary: '' });
    expect(b.json().textVersions.contactName).toMatchObject({ version: 2, updatedBy: 'Inspector' });
    // an older client's body without versions: saved as before
    const c = await t.app.inject({ method: 'PUT', url, headers: auth(f.tok.inspector), payload: { ...mine, finished: false, content: { ...mine.content, summary: 'plain' } } });
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json().overwritten).toBeUndefined();
    expect(c.json().content.summary).toBe('plain');
    // a bad version is a 400 naming it
    const bad = await t.app.inject({ method: 'PUT', url, headers: auth(f.tok.inspector), payload: { finished: false, fieldVersions: { summary: -1 } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('fieldVersions');

    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const text = JSON.stringify(doc.paths['/api/v1/inspections/update'].put);
    expect(text).toContain('fieldVersions');
    expect(text).toContain('textVersions');
  });
});
