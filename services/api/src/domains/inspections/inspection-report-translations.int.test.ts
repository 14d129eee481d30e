import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadReportData } from '@insp/db';
import { renderReportHtml } from '@insp/report';
import type { TReportData, TReportPoint } from '@insp/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedEditFixtures, type EditFixtures } from './inspection-edit.fixtures.test-helpers.js';

/**
 * Issue 19 'A report in German is German': category titles, option names, choices, dropdowns, table, row and
 * field titles, measurement titles and the inspection type print in the report's language, falling back to
 * English per text; the translations are recorded with the answer, so an old report keeps its words.
 */
let t: TestApp;
let f: EditFixtures;
let inspectionId: string;
let results: Record<'radio' | 'measure' | 'table' | 'choice' | 'dropdown', string>;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${f.tok.admin}` }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const translate = async (pointId: string, items: { kind: string; id: string; language: string; text: string }[]) => {
  const res = await call('PUT', `/api/v1/inspectionPoints/${pointId}/texttranslations`, items);
  expect(res.statusCode, res.body).toBe(200);
};
const optionId = async (name: string) =>
  (await t.db.selectFrom('option_group_options').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const pointOf = (d: TReportData, resultId: string): TReportPoint => d.categories.flatMap((c) => c.points).find((p) => p.resultId === resultId)!;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedEditFixtures(t);
  await t.db.insertInto('languages').values({ id: 'de', name: 'Deutsch' }).execute();
  // 'Measurements' is picked from the reference titles; 'General' is a free title; 'Choices' a reference title without German.
  const [measurements, choices] = await t.db.insertInto('category_titles').values([{ text: 'Measurements' }, { text: 'Choices' }]).returning('id').execute();
  await t.db.updateTable('protocol_categories').set({ category_title_id: measurements!.id }).where('protocol_id', '=', f.daily.id).where('title', '=', 'Measurements').execute();
  await t.db.updateTable('protocol_categories').set({ category_title_id: choices!.id }).where('protocol_id', '=', f.daily.id).where('title', '=', 'Choices').execute();
  const titles = await call('PUT', '/api/v1/categoryTitles/translations', [
    { categoryTitleId: measurements!.id, language: 'de', text: 'Messwerte' }, { categoryTitleId: measurements!.id, language: 'fi', text: 'Mittaukset' },
  ]);
  expect(titles.statusCode, titles.body).toBe(200);

  // Subcategories of 'Measurements': the measurement under a reference title with German, the table under a free title.
  const [wear] = await t.db.insertInto('category_titles').values([{ text: 'Wear parts', translations: { de: { text: 'Verschleißteile', source: 'Wear parts' } } }]).returning('id').execute();
  const measurementsCategory = await t.db.selectFrom('protocol_categories').select('id').where('protocol_id', '=', f.daily.id).where('title', '=', 'Measurements').executeTakeFirstOrThrow();
  await t.db.insertInto('protocol_subcategory_titles').values([
    { protocol_category_id: measurementsCategory.id, index: 0, title: 'Wear parts', category_title_id: wear!.id },
    { protocol_category_id: measurementsCategory.id, index: 1, title: 'Belts' },
  ]).execute();
  await t.db.updateTable('protocol_points').set({ subcategory_title_index: 0 }).where('inspection_point_id', '=', f.points.measure).execute();
  await t.db.updateTable('protocol_points').set({ subcategory_title_index: 1 }).where('inspection_point_id', '=', f.points.table).execute();

  await translate(f.points.radio, [
    { kind: 'option', id: await optionId('Good'), language: 'de', text: 'Gut' },
    { kind: 'option', id: await optionId('Worn'), language: 'de', text: 'Verschlissen' },
    { kind: 'option', id: await optionId('Good'), language: 'fi', text: 'Hyvä' },
  ]);
  await translate(f.points.measure, [{ kind: 'measurementTitle', id: f.points.measure, language: 'de', text: 'Spaltweite' }]);
  await translate(f.points.table, [
    { kind: 'fieldTitle', id: f.points.table, language: 'de', text: 'Messungen' },
    { kind: 'field', id: f.table.fields[0]!, language: 'de', text: 'Links' },
    { kind: 'row', id: f.table.rows[0]!, language: 'de', text: 'Haupt' },
  ]);
  await translate(f.points.choice, [
    { kind: 'choice', id: f.choice.id, language: 'de', text: 'Schutzvorrichtungen' },
    { kind: 'choiceOption', id: f.choice.options[1]!, language: 'de', text: 'Fehlt' },
  ]);
  await translate(f.points.dropdownPoint, [
    { kind: 'dropdown', id: f.dropdown.id, language: 'de', text: 'Lieferant' },
    { kind: 'dropdownOption', id: f.dropdown.options[1]!, language: 'de', text: 'Fremdteil' },
  ]);

  // Started and answered through the API, as the field app does.
  const started = await call('POST', '/api/v1/inspections', {
    protocolId: f.daily.id, customerId: f.ref.customerId, customerSiteId: f.ref.siteId, equipment: { id: f.equipment },
  });
  expect(started.statusCode, started.body).toBe(201);
  const edit = started.json() as { id: string; categories: { id: string; inspectionPoints: { protocolPointId: string; inspectionPointId: string }[] }[] };
  inspectionId = edit.id;
  const place = (pointId: string) => {
    const c = edit.categories.find((x) => x.inspectionPoints.some((p) => p.inspectionPointId === pointId))!;
    return { categoryId: c.id, protocolPointId: c.inspectionPoints.find((p) => p.inspectionPointId === pointId)!.protocolPointId };
  };
  const [fLeft, fRight] = f.table.fields;
  const [rMain, rSide] = f.table.rows;
  const saved = await call('PUT', `/api/v1/inspections/${inspectionId}/results`, { results: [
    { ...place(f.points.radio), content: { selection: 'Worn', rating: 'Ok' } },
    { ...place(f.points.measure), content: { value: '20' } },
    { ...place(f.points.table), content: { rows: [
      { id: rMain, title: 'Main', values: [{ rowId: rMain, fieldId: fLeft, value: '4' }, { rowId: rMain, fieldId: fRight, value: '6' }] },
      { id: rSide, title: 'Side', values: [{ rowId: rSide, fieldId: fLeft, value: '5' }] },
    ] } },
    { ...place(f.points.choice), content: { multipleChoices: [{ multipleChoiceId: f.choice.id, selectedOptionIds: [f.choice.options[1]] }] } },
    { ...place(f.points.dropdownPoint), content: { dropdowns: [{ dropdownId: f.dropdown.id, selectedOptionIds: [f.dropdown.options[1]] }] } },
  ] });
  expect(saved.statusCode, saved.body).toBe(200);
  const ids = (saved.json() as { results: { id: string }[] }).results.map((r) => r.id);
  results = { radio: ids[0]!, measure: ids[1]!, table: ids[2]!, choice: ids[3]!, dropdown: ids[4]! };
});
afterAll(() => t?.close());

/** The texts of the report in `lang` that issue 19 is about. */
async function texts(lang: string) {
  const d = (await loadReportData(t.db, inspectionId, lang))!;
  const radio = pointOf(d, results.radio);
  const measure = pointOf(d, results.measure);
  const table = pointOf(d, results.table).table!;
  const choice = pointOf(d, results.choice).multipleChoices[0]!;
  const dropdown = pointOf(d, results.dropdown).dropdowns[0]!;
  return {
    html: renderReportHtml(d, { lang, imageUrl: (i) => `/img/${i}` }),
    categories: d.categories.map((c) => c.title),
    subcategories: d.categories.flatMap((c) => c.points.map((p) => p.subcategory ?? null)),
    radio: { selection: radio.selection, options: radio.options },
    measurementTitle: measure.measurementTitle,
    table: { title: table.fieldTitle, fields: table.fields.map((x) => x.title), rows: table.rows.map((x) => x.title) },
    choice: { title: choice.title, options: choice.options.map((o) => `${o.title}${o.selected ? ' ✓' : ''}`) },
    dropdown: { title: dropdown.title, selected: dropdown.selected.map((o) => o.title) },
  };
}

const GERMAN = {
  categories: ['General', 'Messwerte', 'Choices'],
  // the comment point is not answered; radio, then the measurement and the table under their subcategories, then the choices
  subcategories: [null, 'Verschleißteile', 'Belts', null, null],
  radio: { selection: 'Verschlissen', options: ['Gut', 'Verschlissen', 'Damaged'] },
  measurementTitle: 'Spaltweite',
  table: { title: 'Messungen', fields: ['Links', 'Right', 'Average'], rows: ['Haupt', 'Side', 'Total'] },
  choice: { title: 'Schutzvorrichtungen', options: ['Present', 'Fehlt ✓'] },
  dropdown: { title: 'Lieferant', selected: ['Fremdteil'] },
};

describe('a report in German is German (issue 19)', () => {
  it('prints every translated text in German and the untranslated ones in English, text by text', async () => {
    const de = await texts('de');
    expect({ ...de, html: undefined }).toEqual({ ...GERMAN, html: undefined });
    expect([...de.html.matchAll(/<h4 class="subcategory">([^<]+)<\/h4>/g)].map((m) => m[1])).toEqual(['Verschleißteile', 'Belts']);
    for (const word of ['Messwerte', 'Verschlissen', 'Spaltweite', 'Links', 'Haupt', 'Schutzvorrichtungen', 'Fehlt', 'Lieferant', 'Fremdteil', 'Täglich']) {
      expect(de.html, word).toContain(word);
    }
  });

  it('prints Finnish where Finnish exists, and the English report stays English', async () => {
    const fi = await texts('fi');
    expect(fi.categories).toEqual(['General', 'Mittaukset', 'Choices']);
    expect(fi.radio).toEqual({ selection: 'Worn', options: ['Hyvä', 'Worn', 'Damaged'] });
    expect(fi.html).toContain('Päivittäinen');
    const en = await texts('en');
    expect(en.categories).toEqual(['General', 'Measurements', 'Choices']);
    expect(en.subcategories).toEqual([null, 'Wear parts', 'Belts', null, null]);
    expect(fi.subcategories).toEqual([null, 'Wear parts', 'Belts', null, null]);
    expect(en.dropdown).toEqual({ title: 'Supplier', selected: ['Third-party'] });
    expect(en.html).toContain('Daily');
  });

  it('records the translations with the answer and the category, so an old report keeps its words after the translations change', async () => {
    const content = (await t.db.selectFrom('inspection_point_results').select('content').where('id', '=', results.dropdown).executeTakeFirstOrThrow()).content;
    expect(content).toMatchObject({ dropdowns: [{ translations: { de: { text: 'Lieferant', source: 'Supplier' } }, selectedOptions: [{ translations: { de: { text: 'Fremdteil', source: 'Third-party' } } }] }] });
    await translate(f.points.dropdownPoint, [{ kind: 'dropdownOption', id: f.dropdown.options[1]!, language: 'de', text: 'Nachbau' }]);
    await translate(f.points.radio, [{ kind: 'option', id: await optionId('Worn'), language: 'de', text: 'Abgenutzt' }]);
    await translate(f.points.table, [{ kind: 'row', id: f.table.rows[0]!, language: 'de', text: 'Hauptband' }]);
    const title = (await call('GET', '/api/v1/categoryTitles/translations')).json().find((x: { text: string }) => x.text === 'Measurements');
    await call('PUT', '/api/v1/categoryTitles/translations', [{ categoryTitleId: title.id, language: 'de', text: 'Messdaten' }]);
    const wear = (await call('GET', '/api/v1/categoryTitles/translations')).json().find((x: { text: string }) => x.text === 'Wear parts');
    const changed = await call('PUT', '/api/v1/categoryTitles/translations', [{ categoryTitleId: wear.id, language: 'de', text: 'Verschleißkomponenten' }]);
    expect(changed.statusCode, changed.body).toBe(200);
    const { html: _html, ...de } = await texts('de');
    expect(de).toEqual(GERMAN);
    // started before subcategory titles were recorded (migration 0023): today's reference translation
    await t.db.updateTable('inspection_categories').set({ subcategory_translations: null }).where('inspection_id', '=', inspectionId).execute();
    expect((await texts('de')).subcategories).toEqual([null, 'Verschleißkomponenten', 'Belts', null, null]);
  });

  it('never prints a translation written for another English text than the one recorded', async () => {
    // A result recorded before issue 19 has no translations: it reads the library's of today, for its own English only.
    await sql`update inspection_point_results set content = content #- '{dropdowns,0,translations}' #- '{dropdowns,0,selectedOptions,0,translations}' where id = ${results.dropdown}`.execute(t.db);
    expect((await texts('de')).dropdown).toEqual({ title: 'Lieferant', selected: ['Nachbau'] });
    // Renamed in English: the German was still written for the words this result recorded.
    await t.db.updateTable('dropdowns').set({ title: 'Vendor' }).where('id', '=', f.dropdown.id).execute();
    await t.db.updateTable('dropdown_options').set({ title: 'Copy part' }).where('id', '=', f.dropdown.options[1]!).execute();
    expect((await texts('de')).dropdown).toEqual({ title: 'Lieferant', selected: ['Nachbau'] });
    // Translated anew for the new words: they are not this result's words, so it reads English.
    await translate(f.points.dropdownPoint, [
      { kind: 'dropdown', id: f.dropdown.id, language: 'de', text: 'Anbieter' }, { kind: 'dropdownOption', id: f.dropdown.options[1]!, language: 'de', text: 'Kopie' },
    ]);
    expect((await texts('de')).dropdown).toEqual({ title: 'Supplier', selected: ['Third-party'] });
  });
});
