import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedReference, signInRoles } from '../equipment/equipment.fixtures.test-helpers.js';

let t: TestApp;
let tok: Awaited<ReturnType<typeof signInRoles>>;
let ref: Awaited<ReturnType<typeof seedReference>>;
const points: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  tok = await signInRoles(t);
  ref = await seedReference(t);
  await t.db.insertInto('languages').values([{ id: 'en', name: 'English', position: 0 }, { id: 'fi', name: 'Suomi', position: 1 }, { id: 'sv', name: 'Svenska', position: 2 }]).execute();
  const point = async (name: string, category: string, description = '') =>
    (points[name] = (await t.db.insertInto('inspection_points').values({ type: 'Comment', name, description, product_category_id: category }).returning('id').executeTakeFirstOrThrow()).id);
  await point('Belt tension', ref.categories.crushers.id, 'Check the belt');
  await point('Jaw wear', ref.categories.crushers.id);
  await point('Oil level', ref.categories.crushers.id);
  await point('Deck mesh', ref.categories.screens.id);
  const deleted = await point('Old point', ref.categories.crushers.id);
  await t.db.updateTable('inspection_points').set({ deleted_at: new Date() }).where('id', '=', deleted).execute();
  await t.db.insertInto('inspection_point_translations').values([
    { inspection_point_id: points['Belt tension']!, language_id: 'fi', kind: 'Name', value: 'Hihnan kireys' },
    { inspection_point_id: points['Belt tension']!, language_id: 'sv', kind: 'Name', value: 'Remspänning' },
    { inspection_point_id: points['Belt tension']!, language_id: 'fi', kind: 'Description', value: 'Tarkista hihna' },
    { inspection_point_id: points['Jaw wear']!, language_id: 'fi', kind: 'Name', value: 'Leuan kuluminen' },
  ]).execute();
}, 60_000);
afterAll(() => t?.close());

const get = (url: string, token = tok.admin) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const upload = (bytes: Buffer, token = tok.admin, fileName = 'Translations.xlsx') =>
  t.app.inject({ method: 'POST', url: `/api/v1/translations/import?fileName=${encodeURIComponent(fileName)}`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' }, payload: bytes });

/** Asks for the link and downloads the workbook through it, as the browser's new tab does. */
async function download(type: string, categories: string) {
  const res = await get(`/api/v1/translations/excelLink?type=${type}&categories=${encodeURIComponent(categories)}`);
  expect(res.statusCode, res.body).toBe(200);
  const link = new URL(res.json().link);
  const file = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-disposition']).toContain(`Translations_${type}`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.rawPayload as never);
  return wb;
}
const rowsOf = (wb: ExcelJS.Workbook) => {
  const rows: unknown[][] = [];
  wb.getWorksheet('Translations')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};
const bytesOf = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());
const translations = async () =>
  (await t.db.selectFrom('inspection_point_translations').select(['inspection_point_id', 'language_id', 'kind', 'value', 'updated_at']).orderBy('id').execute()).map((r) => ({ ...r, updated_at: new Date(r.updated_at).toISOString() }));

describe('GET api/v1/translations/excelLink', () => {
  it('answers a link to a workbook with a row per live point of the categories: id, category, English, one column per language', async () => {
    const wb = await download('Name', `${ref.categories.crushers.id};Screens`);
    const rows = rowsOf(wb);
    expect(rows[0]).toEqual(['Point id', 'Category', 'English', 'Suomi (fi)', 'Svenska (sv)', 'Version']);
    expect(rows.slice(1).map((r) => r.slice(0, 5))).toEqual([
      [points['Belt tension'], 'Crushers', 'Belt tension', 'Hihnan kireys', 'Remspänning'],
      [points['Jaw wear'], 'Crushers', 'Jaw wear', 'Leuan kuluminen', ''],
      [points['Oil level'], 'Crushers', 'Oil level', '', ''],
      [points['Deck mesh'], 'Screens', 'Deck mesh', '', ''],
    ]);
    const ws = wb.getWorksheet('Translations')!;
    expect(ws.getColumn(6).hidden).toBe(true);
    expect(wb.getWorksheet('insp-meta')!.state).toBe('veryHidden');
    // A generated file: recorded, so the clean-up of unused generated files removes it in time (migration 0034).
    const recorded = await t.db.selectFrom('generated_files').select(['storage_key', 'kind', 'size']).where('kind', '=', 'translations_export').execute();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.storage_key).toMatch(/^translations-export\/[0-9a-f]{2}\/[0-9a-f]{64}\.xlsx$/);
    expect(Number(recorded[0]!.size)).toBeGreaterThan(0);
  });

  it('carries the descriptions for type Description', async () => {
    const rows = rowsOf(await download('Description', 'crushers'));
    expect(rows[1]!.slice(2, 5)).toEqual(['Check the belt', 'Tarkista hihna', '']);
  });

  it.each([
    ['type=Title&categories=Crushers', 'type'],
    ['categories=Crushers', 'type'],
    ['type=Name', 'categories'],
    ['type=Name&categories=Drills', 'categories'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await get(`/api/v1/translations/excelLink?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(res.json().message).toMatch(new RegExp(`^${field}: `));
  });

  it.each([['manager'], ['inspector'], ['distAdmin'], ['distUser']] as const)('refuses the %s (staff admins only)', async (who) => {
    expect((await get('/api/v1/translations/excelLink?type=Name&categories=Crushers', tok[who])).statusCode).toBe(403);
    expect((await upload(Buffer.from('x'), tok[who])).statusCode).toBe(403);
  });
});

describe('POST api/v1/translations/import', () => {
  it('round trip: export, edit two cells, import; exactly those two translations change', async () => {
    const wb = await download('Name', 'Crushers');
    const ws = wb.getWorksheet('Translations')!;
    ws.getCell('D3').value = 'Leukojen kuluminen'; // Jaw wear, fi: changed
    ws.getCell('E4').value = 'Oljenivå'; // Oil level, sv: new
    const before = await translations();
    const res = await upload(await bytesOf(wb));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: 'Name', updated: 2, unchanged: 1, refused: 0, translationsChanged: 2 });
    expect(res.json().rows).toEqual([
      { row: 3, pointId: points['Jaw wear'], pointName: 'Jaw wear', status: 'updated', languages: ['fi'], reason: null },
      { row: 4, pointId: points['Oil level'], pointName: 'Oil level', status: 'updated', languages: ['sv'], reason: null },
    ]);
    const after = await translations();
    const key = (r: { inspection_point_id: string; language_id: string; kind: string }) => `${r.inspection_point_id}/${r.kind}/${r.language_id}`;
    const changed = after.filter((a) => JSON.stringify(a) !== JSON.stringify(before.find((b) => key(b) === key(a))));
    expect(changed.map((r) => [r.inspection_point_id, r.language_id, r.value]).sort((a, b) => a[2]!.localeCompare(b[2]!))).toEqual([
      [points['Jaw wear'], 'fi', 'Leukojen kuluminen'],
      [points['Oil level'], 'sv', 'Oljenivå'],
    ]);
    expect(before.every((b) => after.some((a) => key(a) === key(b)))).toBe(true);
    // the same file again: its rows are now stale (their texts changed since that export)
    const again = await upload(await bytesOf(wb));
    expect(again.json()).toMatchObject({ updated: 0, refused: 2 });
  });

  it('refuses a row whose point changed since the export and writes the other rows', async () => {
    const wb = await download('Name', 'Crushers');
    const ws = wb.getWorksheet('Translations')!;
    ws.getCell('E2').value = 'Bandspänning';
    ws.getCell('E3').value = 'Käkslitage';
    await t.db.updateTable('inspection_points').set({ name: 'Belt tension check' }).where('id', '=', points['Belt tension']!).execute();
    const res = await upload(await bytesOf(wb));
    expect(res.json()).toMatchObject({ updated: 1, refused: 1 });
    expect(res.json().rows[0]).toMatchObject({ row: 2, status: 'refused', reason: expect.stringContaining('changed since the export') });
    const sv = await t.db.selectFrom('inspection_point_translations').select('value').where('inspection_point_id', '=', points['Belt tension']!).where('language_id', '=', 'sv').where('kind', '=', 'Name').executeTakeFirstOrThrow();
    expect(sv.value).toBe('Remspänning');
  });

  it('refuses a workbook that is not one of ours, and changes nothing', async () => {
    const before = await translations();
    const other = new ExcelJS.Workbook();
    const ws = other.addWorksheet('Translations');
    ws.addRow(['Point id', 'Category', 'English', 'Suomi (fi)', 'Version']);
    ws.addRow([points['Oil level'], 'Crushers', 'Oil level', 'Öljy', 'x']);
    const res = await upload(await bytesOf(other), tok.admin, 'mine.xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'file', message: expect.stringContaining("'mine.xlsx' is not a translations workbook") });
    expect((await upload(Buffer.from('Point id,English\n'), tok.admin, 'a.csv')).json().field).toBe('file');
    expect(await translations()).toEqual(before);
  });

  it('refuses a workbook with a column that is not a language, and changes nothing', async () => {
    const wb = await download('Name', 'Crushers');
    const ws = wb.getWorksheet('Translations')!;
    ws.getCell('D3').value = 'muutettu';
    ws.getCell('E1').value = 'Klingon (tlh)';
    const before = await translations();
    const res = await upload(await bytesOf(wb));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'file', message: expect.stringContaining("column 'Klingon (tlh)' is not a language") });
    expect(await translations()).toEqual(before);
  });

  it('removes a translation whose cell was emptied', async () => {
    const wb = await download('Description', 'Crushers');
    wb.getWorksheet('Translations')!.getCell('D2').value = '';
    const res = await upload(await bytesOf(wb));
    expect(res.json()).toMatchObject({ type: 'Description', updated: 1, translationsChanged: 1 });
    expect(await t.db.selectFrom('inspection_point_translations').select('id').where('kind', '=', 'Description').execute()).toEqual([]);
  });
});
