import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authoringFixture, type AuthoringFixture } from './point-authoring.fixtures.test-helpers.js';

let f: AuthoringFixture;
let ids: AuthoringFixture['ids'];
const call: AuthoringFixture['call'] = (...args) => f.call(...args);
const texts = (pointId: string) => `/api/v1/inspectionPoints/${pointId}/texttranslations`;
const titles = '/api/v1/categoryTitles/translations';

beforeAll(async () => {
  f = await authoringFixture();
  ids = f.ids;
});
afterAll(() => f?.close());

describe("PUT/GET api/v1/inspectionPoints/{id}/texttranslations (issue 19: a point's report texts)", () => {
  it("lists the point's dropdown, option and follow-up texts with their translations, and saves them per language", async () => {
    const before = await call('GET', texts(ids.points.wear), 'admin');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().map((t: { kind: string; english: string }) => [t.kind, t.english])).toEqual([
      ['dropdown', 'Supplier'], ['dropdownOption', 'Original'], ['dropdownOption', 'Third-party'], ['followUp', 'Part number'],
    ]);
    const res = await call('PUT', texts(ids.points.wear), 'distManager', [
      { kind: 'dropdown', id: ids.dropdowns.supplier, language: 'de', text: ' Lieferant ' },
      { kind: 'dropdownOption', id: ids.options.thirdParty, language: 'de', text: 'Fremdhersteller' },
      { kind: 'dropdownOption', id: ids.options.thirdParty, language: 'fi', text: 'Muu valmistaja' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const third = res.json().find((t: { id: string }) => t.id === ids.options.thirdParty);
    expect(third).toMatchObject({
      kind: 'dropdownOption', english: 'Third-party', shared: false,
      translations: [{ language: 'de', text: 'Fremdhersteller', outdated: false }, { language: 'fi', text: 'Muu valmistaja', outdated: false }],
    });
    const row = await f.t.db.selectFrom('dropdowns').select('translations').where('id', '=', ids.dropdowns.supplier).executeTakeFirstOrThrow();
    expect(row.translations).toEqual({ de: { text: 'Lieferant', source: 'Supplier' } });
  });

  it('marks a translation outdated when the English text changed, until it is saved again; an empty text removes it', async () => {
    await f.t.db.updateTable('dropdown_options').set({ title: 'Third party' }).where('id', '=', ids.options.thirdParty).execute();
    const read = (await call('GET', texts(ids.points.wear), 'admin')).json();
    expect(read.find((t: { id: string }) => t.id === ids.options.thirdParty).translations).toEqual([
      { language: 'de', text: 'Fremdhersteller', outdated: true }, { language: 'fi', text: 'Muu valmistaja', outdated: true },
    ]);
    const res = await call('PUT', texts(ids.points.wear), 'admin', [
      { kind: 'dropdownOption', id: ids.options.thirdParty, language: 'de', text: 'Fremdhersteller' },
      { kind: 'dropdownOption', id: ids.options.thirdParty, language: 'fi', text: '  ' },
    ]);
    expect(res.json().find((t: { id: string }) => t.id === ids.options.thirdParty).translations).toEqual([{ language: 'de', text: 'Fremdhersteller', outdated: false }]);
  });

  it("translates a point's own titles and the options of its shared option group", async () => {
    await f.t.db.updateTable('inspection_points').set({ measurement_title: 'Temperature', option_group_id: ids.group }).where('id', '=', ids.points.oil).execute();
    const list = (await call('GET', texts(ids.points.oil), 'admin')).json();
    const good = list.find((t: { english: string }) => t.english === 'Good');
    expect(good).toMatchObject({ kind: 'option', shared: true });
    const res = await call('PUT', texts(ids.points.oil), 'admin', [
      { kind: 'measurementTitle', id: ids.points.oil, language: 'fi', text: 'Lämpötila' },
      { kind: 'option', id: good.id, language: 'de', text: 'Gut' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().find((t: { kind: string }) => t.kind === 'measurementTitle').translations).toEqual([{ language: 'fi', text: 'Lämpötila', outdated: false }]);
    const point = await f.t.db.selectFrom('inspection_points').select('title_translations').where('id', '=', ids.points.oil).executeTakeFirstOrThrow();
    expect(point.title_translations).toEqual({ measurementTitle: { fi: { text: 'Lämpötila', source: 'Temperature' } } });
  });

  it('refuses a text of another point, English, an unknown language, a language twice and a bad kind with 400 naming the item; nothing is saved', async () => {
    const other = await call('PUT', texts(ids.points.wear), 'admin', [
      { kind: 'dropdown', id: ids.dropdowns.supplier, language: 'fi', text: 'Toimittaja' },
      { kind: 'dropdown', id: ids.dropdowns.colour, language: 'de', text: 'Farbe' },
    ]);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ field: 'items.1.id' });
    const en = await call('PUT', texts(ids.points.wear), 'admin', [{ kind: 'dropdown', id: ids.dropdowns.supplier, language: 'en', text: 'Supplier' }]);
    expect(en.json()).toMatchObject({ field: 'items.0.language', message: expect.stringContaining('English is the text itself') });
    const unknown = await call('PUT', texts(ids.points.wear), 'admin', [{ kind: 'dropdown', id: ids.dropdowns.supplier, language: 'xx', text: 'x' }]);
    expect(unknown.json().field).toBe('items.0.language');
    const twice = await call('PUT', texts(ids.points.wear), 'admin', [
      { kind: 'dropdown', id: ids.dropdowns.supplier, language: 'de', text: 'a' }, { kind: 'dropdown', id: ids.dropdowns.supplier, language: 'de', text: 'b' },
    ]);
    expect(twice.json().field).toBe('items.1.language');
    const kind = await call('PUT', texts(ids.points.wear), 'admin', [{ kind: 'colour', id: ids.dropdowns.supplier, language: 'de', text: 'x' }]);
    expect(kind.statusCode).toBe(400);
    expect(kind.json().field).toBe('0.kind');
    const row = await f.t.db.selectFrom('dropdowns').select('translations').where('id', '=', ids.dropdowns.supplier).executeTakeFirstOrThrow();
    expect(row.translations).toEqual({ de: { text: 'Lieferant', source: 'Supplier' } });
  });

  it('answers 404 for a deleted point and refuses a staff Manager and a distributor User', async () => {
    expect((await call('GET', texts(ids.points.gone), 'admin')).statusCode).toBe(404);
    expect((await call('PUT', texts(ids.points.gone), 'admin', [])).statusCode).toBe(404);
    for (const who of ['manager', 'distUser'] as const) {
      expect((await call('GET', texts(ids.points.wear), who)).statusCode, who).toBe(403);
      expect((await call('PUT', texts(ids.points.wear), who, [])).statusCode, who).toBe(403);
    }
  });
});

describe('PUT/GET api/v1/categoryTitles/translations (issue 19)', () => {
  it('saves category title translations and answers every title with them', async () => {
    const list = (await call('GET', titles, 'admin')).json();
    const feeder = list.find((t: { text: string }) => t.text === 'Feeder');
    const res = await call('PUT', titles, 'distManager', [
      { categoryTitleId: feeder.id, language: 'de', text: 'Aufgeber' }, { categoryTitleId: feeder.id, language: 'fi', text: 'Syötin' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { id: expect.any(String), text: 'Engine', translations: [] },
      { id: feeder.id, text: 'Feeder', translations: [{ language: 'de', text: 'Aufgeber', outdated: false }, { language: 'fi', text: 'Syötin', outdated: false }] },
    ]);
    const removed = await call('PUT', titles, 'admin', [{ categoryTitleId: feeder.id, language: 'fi', text: '' }]);
    expect(removed.json()[1].translations).toEqual([{ language: 'de', text: 'Aufgeber', outdated: false }]);
  });

  it('refuses an unknown title, English and an empty language with 400 naming the field, and a too-low role with 403', async () => {
    const unknown = await call('PUT', titles, 'admin', [{ categoryTitleId: '00000000-0000-4000-8000-000000000000', language: 'de', text: 'x' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('items.0.categoryTitleId');
    const feeder = (await call('GET', titles, 'admin')).json()[1];
    expect((await call('PUT', titles, 'admin', [{ categoryTitleId: feeder.id, language: 'en', text: 'Feeder' }])).json().field).toBe('items.0.language');
    expect((await call('PUT', titles, 'admin', [{ categoryTitleId: feeder.id, text: 'x' }])).json().field).toBe('0.language');
    for (const who of ['manager', 'distUser', 'inspector'] as const) {
      expect((await call('GET', titles, who)).statusCode, who).toBe(403);
      expect((await call('PUT', titles, who, [])).statusCode, who).toBe(403);
    }
  });
});

describe('a duplicate takes the translations of its report texts along (issue 19)', () => {
  it('copies dropdown, option and follow-up translations onto the copy, outdated ones still outdated', async () => {
    await call('PUT', texts(ids.points.wear), 'admin', [{ kind: 'followUp', id: ids.supplierFollowUp, language: 'fi', text: 'Osanumero' }]);
    const res = await call('POST', `/api/v1/inspectionPoints/${ids.points.wear}/duplicate`, 'admin');
    expect(res.statusCode, res.body).toBe(201);
    const pick = (list: { kind: string; english: string; translations: unknown[] }[]) => list.map((t) => [t.kind, t.english, t.translations]);
    const source = (await call('GET', texts(ids.points.wear), 'admin')).json();
    const copy = (await call('GET', texts(res.json().id), 'admin')).json();
    expect(pick(copy)).toEqual(pick(source));
    expect(copy.find((t: { kind: string }) => t.kind === 'followUp').translations).toEqual([{ language: 'fi', text: 'Osanumero', outdated: false }]);
    expect(copy.find((t: { kind: string }) => t.kind === 'dropdown').translations).toEqual([{ language: 'de', text: 'Lieferant', outdated: false }]);
  });
});
