import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInspectionEdit, TV1InspectionReport } from '@insp/contracts';
import { loadReportData } from '@insp/db';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedEditFixtures, type EditFixtures } from './inspection-edit.fixtures.test-helpers.js';

/**
 * Issue 23, two people editing the findings, priority actions, signatures and dates of one inspection: a save that
 * names its bases (`partVersions`) never deletes an item someone else added or changed meanwhile; an item both
 * changed goes to the later save and its answer names it; a save without bases replaces the sets as before.
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
type Bases = { partVersions?: Record<string, unknown>; fieldVersions?: Record<string, number> };
/** The form's save: what it read with some parts changed, no points, as a draft. */
const body = (edit: TInspectionEdit, changes: Partial<TInspectionEdit>, bases: Bases = {}) => {
  const { categories: _c, extraPoints: _e, textVersions: _v, can: _can, ...rest } = edit;
  return { ...rest, ...changes, finished: false, categories: [], extraPoints: [], ...bases };
};
async function update(id: string, token: string, data: unknown, clientRequestId?: string) {
  const res = await t.app.inject({ method: 'POST', url: '/trpc/inspectionEdit.update', headers: auth(token), payload: { id, lang: 'en', data, ...(clientRequestId ? { clientRequestId } : {}) } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.data as TInspectionEdit;
}
const finding = (title: string) => ({ title, description: '', consequence: '', corrective: '', preventive: '', photos: [], show: true });
const action = (title: string) => ({ title, description: '', priority: 'High' });
const titles = async (id: string) => ({
  findings: (await t.db.selectFrom('inspection_findings').select('title').where('inspection_id', '=', id).where('deleted_at', 'is', null).orderBy('index').execute()).map((r) => r.title),
  actions: (await t.db.selectFrom('inspection_priority_actions').select('title').where('inspection_id', '=', id).where('deleted_at', 'is', null).orderBy('index').execute()).map((r) => r.title),
});
/** An inspection with one finding and one priority action the inspector wrote. */
async function withItems() {
  const { id } = await started();
  await update(id, f.tok.inspector, body(await read(id, f.tok.inspector), { findings: [finding('Cracked jaw')] as never, priorityActions: [action('Replace jaw')] as never }, { partVersions: {} }));
  return id;
}

describe('findings and priority actions, two people (tRPC update)', () => {
  it('an item someone else added after I read is kept when my save names its bases', async () => {
    const { id } = await started();
    const mine = await read(id, f.tok.inspector);
    const theirs = await read(id, f.tok.manager);
    const added = await update(id, f.tok.manager, body(theirs, { findings: [finding('Loose bolt')] as never, priorityActions: [action('Tighten')] as never }, { partVersions: {} }));
    expect(added.findings[0]).toMatchObject({ title: 'Loose bolt', version: 1, updatedBy: 'Manager' });
    const saved = await update(id, f.tok.inspector, body(mine, { summary: 'Mine', findings: [finding('Worn liner')] as never }, { fieldVersions: { summary: 0 }, partVersions: {} }));
    expect(saved.overwritten).toBeUndefined();
    expect(await titles(id)).toEqual({ findings: ['Worn liner', 'Loose bolt'], actions: ['Tighten'] });
    expect(saved.findings.map((x) => x.title)).toEqual(['Worn liner', 'Loose bolt']);
  });

  it('an item I deleted that someone else changed meanwhile is kept, and my answer names it as kept', async () => {
    const id = await withItems();
    const mine = await read(id, f.tok.inspector);
    const theirs = await read(id, f.tok.manager);
    const [fnd, act] = [theirs.findings[0]!, theirs.priorityActions[0]!];
    const changed = await update(id, f.tok.manager, body(theirs, { findings: [{ ...fnd, title: 'Cracked jaw, both sides' }], priorityActions: [{ ...act, priority: 'Urgent' }] }, { partVersions: { findings: { [fnd.id]: fnd.version }, priorityActions: { [act.id]: act.version } } }));
    expect(changed.findings[0]).toMatchObject({ version: 2, updatedBy: 'Manager' });
    const saved = await update(id, f.tok.inspector, body(mine, { findings: [], priorityActions: [] }, { partVersions: { findings: { [fnd.id]: 1 }, priorityActions: { [act.id]: 1 } } }));
    expect(await titles(id)).toEqual({ findings: ['Cracked jaw, both sides'], actions: ['Replace jaw'] });
    expect(saved.overwritten).toEqual([
      { field: 'findings.0', resultId: null, itemId: fnd.id, version: 2, updatedAt: changed.findings[0]!.updatedAt, updatedBy: 'Manager', kept: true },
      { field: 'priorityActions.0', resultId: null, itemId: act.id, version: 2, updatedAt: changed.priorityActions[0]!.updatedAt, updatedBy: 'Manager', kept: true },
    ]);
  });

  it('an item both changed: the later save wins and its answer names it; deleting one nobody changed still works', async () => {
    const id = await withItems();
    const before = await read(id, f.tok.inspector);
    const second = (await update(id, f.tok.inspector, body(before, { findings: [...before.findings, finding('Second')] as never }, { partVersions: {} }))).findings[1]!;
    const mine = await read(id, f.tok.inspector);
    const theirs = await read(id, f.tok.manager);
    const fnd = theirs.findings[0]!;
    await update(id, f.tok.manager, body(theirs, { findings: [{ ...fnd, title: 'Manager title' }, theirs.findings[1]!] }, { partVersions: { findings: { [fnd.id]: fnd.version } } }));
    // I change the first and delete the second (which nobody changed)
    const saved = await update(id, f.tok.inspector, body(mine, { findings: [{ ...mine.findings[0]!, title: 'Inspector title' }] }, { partVersions: { findings: { [fnd.id]: 1, [second.id]: second.version! } } }));
    expect(await titles(id)).toEqual({ findings: ['Inspector title'], actions: ['Replace jaw'] });
    expect(saved.overwritten).toEqual([expect.objectContaining({ field: 'findings.0', itemId: fnd.id, version: 2, updatedBy: 'Manager' })]);
    expect(saved.overwritten![0]!.kept).toBeUndefined();
    expect(saved.findings[0]).toMatchObject({ version: 3, updatedBy: 'Inspector' });
  });

  it('an item sent back unchanged and not named keeps what someone else saved (my copy was older)', async () => {
    const id = await withItems();
    const mine = await read(id, f.tok.inspector);
    const theirs = await read(id, f.tok.manager);
    const act = theirs.priorityActions[0]!;
    await update(id, f.tok.manager, body(theirs, { priorityActions: [{ ...act, title: 'Replace both jaws' }] }, { partVersions: { priorityActions: { [act.id]: 1 } } }));
    const saved = await update(id, f.tok.inspector, body(mine, { summary: 'x' }, { fieldVersions: { summary: 0 }, partVersions: {} }));
    expect(saved.overwritten).toBeUndefined();
    expect(saved.priorityActions[0]).toMatchObject({ title: 'Replace both jaws', version: 2, updatedBy: 'Manager' });
  });

  it('without partVersions (older clients): the sets are replaced as before, an item added meanwhile is deleted, nothing reported', async () => {
    const { id } = await started();
    const mine = await read(id, f.tok.inspector);
    await update(id, f.tok.manager, body(await read(id, f.tok.manager), { findings: [finding('Loose bolt')] as never }));
    const saved = await update(id, f.tok.inspector, body(mine, { findings: [finding('Worn liner')] as never }));
    expect(saved.overwritten).toBeUndefined();
    expect((await titles(id)).findings).toEqual(['Worn liner']);
    const bad = await t.app.inject({ method: 'POST', url: '/trpc/inspectionEdit.update', headers: auth(f.tok.inspector), payload: { id, lang: 'en', data: body(mine, { findings: [{ ...finding('x'), id: randomUUID() }] as never }) } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('findings.0.id');
  });

  it('a replay with the same clientRequestId answers the same, overwritten included, and writes nothing more', async () => {
    const id = await withItems();
    const mine = await read(id, f.tok.inspector);
    const theirs = await read(id, f.tok.manager);
    const fnd = theirs.findings[0]!;
    await update(id, f.tok.manager, body(theirs, { findings: [{ ...fnd, title: 'Manager title' }] }, { partVersions: { findings: { [fnd.id]: 1 } } }));
    const key = randomUUID();
    const data = body(mine, { findings: [] }, { partVersions: { findings: { [fnd.id]: 1 } } });
    const first = await update(id, f.tok.inspector, data, key);
    expect(first.overwritten).toHaveLength(1);
    await t.db.deleteFrom('inspection_findings').where('inspection_id', '=', id).execute();
    expect(await update(id, f.tok.inspector, data, key)).toEqual(first);
    expect((await titles(id)).findings).toEqual([]);
  });
});

describe('an item deleted by one person while another edits it (tombstones, tRPC update)', () => {
  /** The manager deletes the inspection's finding and priority action from a form read before; the inspector's form still has them. */
  async function deletedByManager() {
    const { id } = await started();
    const photo = await f.image(f.users.inspector);
    const start = await read(id, f.tok.inspector);
    await update(id, f.tok.inspector, body(start, { findings: [{ ...finding('Cracked jaw'), photos: [{ imageId: photo, caption: 'Jaw', layout: 'Default' }] }] as never, priorityActions: [action('Replace jaw')] as never }, { partVersions: {} }));
    const mine = await read(id, f.tok.inspector);
    const theirs = await read(id, f.tok.manager);
    const [fnd, act] = [theirs.findings[0]!, theirs.priorityActions[0]!];
    const gone = await update(id, f.tok.manager, body(theirs, { findings: [], priorityActions: [] }, { partVersions: { findings: { [fnd.id]: 1 }, priorityActions: { [act.id]: 1 } } }));
    expect(gone.overwritten).toBeUndefined();
    return { id, mine, fnd, act, photo };
  }

  it('an item I changed that someone else deleted meanwhile comes back with my change, and my answer names it as removed', async () => {
    const { id, mine, fnd, act } = await deletedByManager();
    const stone = await t.db.selectFrom('inspection_findings').select(['deleted_at', 'deleted_by_user_id', 'version']).where('id', '=', fnd.id).executeTakeFirstOrThrow();
    expect(stone).toMatchObject({ deleted_by_user_id: f.users.manager, version: 2 });
    const key = randomUUID();
    const data = body(mine, { findings: [{ ...mine.findings[0]!, title: 'Cracked jaw, both sides' }], priorityActions: [{ ...mine.priorityActions[0]!, priority: 'Urgent' }] },
      { partVersions: { findings: { [fnd.id]: 1 }, priorityActions: { [act.id]: 1 } } });
    const saved = await update(id, f.tok.inspector, data, key);
    expect(await titles(id)).toEqual({ findings: ['Cracked jaw, both sides'], actions: ['Replace jaw'] });
    // the same item (its id and photo), not a copy
    expect(saved.findings).toEqual([expect.objectContaining({ id: fnd.id, version: 3, updatedBy: 'Inspector', photos: [expect.objectContaining({ id: fnd.photos[0]!.id, caption: 'Jaw' })] })]);
    expect(saved.priorityActions).toEqual([expect.objectContaining({ id: act.id, priority: 'Urgent', version: 3 })]);
    expect(saved.overwritten).toEqual([
      { field: 'findings.0', resultId: null, itemId: fnd.id, version: 2, updatedAt: new Date(stone.deleted_at!).getTime(), updatedBy: 'Manager', removed: true },
      { field: 'priorityActions.0', resultId: null, itemId: act.id, version: 2, updatedAt: expect.any(Number), updatedBy: 'Manager', removed: true },
    ]);
    expect(await t.db.selectFrom('inspection_findings').select(['deleted_at', 'deleted_by_user_id']).where('id', '=', fnd.id).executeTakeFirstOrThrow()).toEqual({ deleted_at: null, deleted_by_user_id: null });
    // a replay answers the same and writes nothing more
    expect(await update(id, f.tok.inspector, data, key)).toEqual(saved);
    expect((await read(id, f.tok.inspector)).findings[0]).toMatchObject({ version: 3 });
  });

  it('an item someone else deleted that my form has unchanged (not named) stays deleted, and nothing is reported', async () => {
    const { id, mine } = await deletedByManager();
    const saved = await update(id, f.tok.inspector, body(mine, { summary: 'Mine' }, { fieldVersions: { summary: 0 }, partVersions: {} }));
    expect(saved.overwritten).toBeUndefined();
    expect(saved.findings).toEqual([]);
    expect(saved.priorityActions).toEqual([]);
    expect(await titles(id)).toEqual({ findings: [], actions: [] });
  });

  it('a deleted item is read nowhere: edit details, v1 REST, the report', async () => {
    const { id, fnd } = await deletedByManager();
    expect((await t.db.selectFrom('inspection_findings').select('id').where('inspection_id', '=', id).execute()).map((r) => r.id)).toEqual([fnd.id]);
    const edit = await read(id, f.tok.manager);
    expect([edit.findings, edit.priorityActions]).toEqual([[], []]);
    const v1 = (await t.app.inject({ method: 'GET', url: `/api/v1/inspections/${id}/editDetails`, headers: auth(f.tok.manager) })).json() as TV1InspectionReport;
    expect([v1.findings, v1.priorityActions]).toEqual([[], []]);
    const report = (await loadReportData(t.db, id, 'en'))!;
    expect([report.findings, report.priorityActions]).toEqual([[], []]);
  });

  it('without partVersions (older clients) a deleted id sent back is a 400 as before, and a plain save deletes as a tombstone', async () => {
    const { id, mine } = await deletedByManager();
    const bad = await t.app.inject({ method: 'POST', url: '/trpc/inspectionEdit.update', headers: auth(f.tok.inspector), payload: { id, lang: 'en', data: body(mine, {}) } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('findings.0.id');
    const again = await update(id, f.tok.inspector, body(await read(id, f.tok.inspector), { priorityActions: [action('New')] as never }));
    await update(id, f.tok.manager, body(again, { priorityActions: [] }));
    expect(await t.db.selectFrom('inspection_priority_actions').select(['title', 'deleted_by_user_id']).where('inspection_id', '=', id).where('title', '=', 'New').execute())
      .toEqual([{ title: 'New', deleted_by_user_id: f.users.manager }]);
  });
});

describe('signatures, dates and the configurator carry versions (tRPC update)', () => {
  it('a signature or date both changed: the later save wins and is reported; one not named is kept', async () => {
    const { id } = await started();
    const [sigA, sigB] = [await f.image(f.users.manager), await f.image(f.users.inspector)];
    const mine = await read(id, f.tok.inspector);
    const theirs = await read(id, f.tok.manager);
    const day = Date.UTC(2026, 10, 1);
    const first = await update(id, f.tok.manager, body(theirs, { customerSignature: sigA, providerSignature: sigA, inspectionDate: day }, { partVersions: { customerSignature: 0, providerSignature: 0, inspectionDate: 0 } }));
    expect(first.textVersions).toMatchObject({ customerSignature: { version: 1, updatedBy: 'Manager' }, inspectionDate: { version: 1, updatedBy: 'Manager' } });
    // I sign as customer and move the date; my stale copy of the provider signature (none) is not named, so kept
    const saved = await update(id, f.tok.inspector, body(mine, { customerSignature: sigB, inspectionDate: day + 86_400_000 }, { partVersions: { customerSignature: 0, inspectionDate: 0 } }));
    expect(saved).toMatchObject({ customerSignature: sigB, providerSignature: sigA, inspectionDate: day + 86_400_000 });
    expect(saved.overwritten?.map((o) => [o.field, o.version, o.updatedBy])).toEqual([['inspectionDate', 1, 'Manager'], ['customerSignature', 1, 'Manager']]);
    expect(saved.textVersions).toMatchObject({ customerSignature: { version: 2, updatedBy: 'Inspector' }, providerSignature: { version: 1, updatedBy: 'Manager' } });
  });

  it('without partVersions a signature sent is written as before and nothing is reported', async () => {
    const { id } = await started();
    const sig = await f.image(f.users.manager);
    const mine = await read(id, f.tok.inspector);
    await update(id, f.tok.manager, body(await read(id, f.tok.manager), { customerSignature: sig }));
    const saved = await update(id, f.tok.inspector, body(mine, { summary: 'x' }));
    expect(saved.overwritten).toBeUndefined();
    expect(saved.customerSignature).toBeNull();
  });
});

/** `GET api/v1/inspections/{id}/editDetails` as the holder of `token`. */
const editDetailsOf = async (id: string, token: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/inspections/${id}/editDetails`, headers: auth(token) })).json() as TV1InspectionReport;

describe('REST PUT api/v1/inspections/update', () => {
  it('takes partVersions and items sent back as read; answers overwritten; the OpenAPI document lists partVersions', async () => {
    const id = await withItems();
    const url = `/api/v1/inspections/update?lang=en&id=${id}`;
    const get = (token: string) => editDetailsOf(id, token);
    const mine = await get(f.tok.inspector);
    const theirs = await get(f.tok.manager);
    const fnd = theirs.findings[0]!;
    expect(fnd).toMatchObject({ version: 1, updatedBy: 'Inspector' });
    const a = await t.app.inject({ method: 'PUT', url, headers: auth(f.tok.manager), payload: { ...theirs, finished: false, findings: [...theirs.findings, finding('Manager added')], partVersions: { findings: {} } } });
    expect(a.statusCode, a.body).toBe(200);
    const b = await t.app.inject({ method: 'PUT', url, headers: auth(f.tok.manager), payload: { ...theirs, finished: false, findings: [{ ...fnd, title: 'Manager title' }], partVersions: { findings: { [fnd.id]: 1 } } } });
    expect(b.statusCode, b.body).toBe(200);
    const c = await t.app.inject({ method: 'PUT', url, headers: auth(f.tok.inspector), payload: { ...mine, finished: false, findings: [{ ...mine.findings[0]!, title: 'Inspector title' }], partVersions: { findings: { [fnd.id]: 1 } } } });
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json().overwritten).toEqual([expect.objectContaining({ field: 'findings.0', itemId: fnd.id, version: 2, updatedBy: 'Manager' })]);
    expect(c.json().findings.map((x: { title: string }) => x.title)).toEqual(['Inspector title', 'Manager added']);
    const bad = await t.app.inject({ method: 'PUT', url, headers: auth(f.tok.inspector), payload: { finished: false, partVersions: { findings: { [fnd.id]: -1 } } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('partVersions');

    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(JSON.stringify(doc.paths['/api/v1/inspections/update'].put)).toContain('partVersions');
  });

  it('a finding the manager deleted and the inspector changed comes back, the answer says removed; the OpenAPI answer lists removed', async () => {
    const id = await withItems();
    const url = `/api/v1/inspections/update?lang=en&id=${id}`;
    const get = (token: string) => editDetailsOf(id, token);
    const mine = await get(f.tok.inspector);
    const theirs = await get(f.tok.manager);
    const fnd = theirs.findings[0]!;
    const a = await t.app.inject({ method: 'PUT', url, headers: auth(f.tok.manager), payload: { ...theirs, finished: false, findings: [], partVersions: { findings: { [fnd.id]: 1 } } } });
    expect(a.statusCode, a.body).toBe(200);
    expect((await get(f.tok.manager)).findings).toEqual([]);
    const b = await t.app.inject({ method: 'PUT', url, headers: auth(f.tok.inspector), payload: { ...mine, finished: false, findings: [{ ...mine.findings[0]!, title: 'Inspector title' }], partVersions: { findings: { [fnd.id]: 1 } } } });
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().overwritten).toEqual([expect.objectContaining({ field: 'findings.0', itemId: fnd.id, version: 2, updatedBy: 'Manager', removed: true })]);
    expect(b.json().findings).toEqual([expect.objectContaining({ id: fnd.id, title: 'Inspector title' })]);

    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(JSON.stringify(doc.paths['/api/v1/inspections/update'].put.responses)).toContain('"removed"');
  });
});
