import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authoringFixture, type AuthoringFixture } from './point-authoring.fixtures.test-helpers.js';

let f: AuthoringFixture;
let ids: AuthoringFixture['ids'];
const call: AuthoringFixture['call'] = (...args) => f.call(...args);
const names = (pointId: string) => `/api/v1/inspectionPoints/${pointId}/updatetranslations`;
const descriptions = (pointId: string) => `/api/v1/inspectionPoints/${pointId}/updatedescriptiontranslations`;
const stored = (pointId: string, kind: string) =>
  f.t.db.selectFrom('inspection_point_translations').select(['language_id', 'value']).where('inspection_point_id', '=', pointId).where('kind', '=', kind).orderBy('language_id').execute();

beforeAll(async () => {
  f = await authoringFixture();
  ids = f.ids;
});
afterAll(() => f?.close());

describe('PUT api/v1/inspectionPoints/{id}/updatetranslations and /updatedescriptiontranslations', () => {
  it('saves name and description translations per language and answers that kind, none outdated', async () => {
    const res = await call('PUT', names(ids.points.oil), 'admin', [
      { translationLanguage: 'fi', translationText: ' Öljyn lämpötila ' },
      { id: null, translationLanguage: 'de', translationText: 'Öltemperatur' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { id: expect.any(String), name: 'de', value: 'Öltemperatur', updated: expect.any(String), outdated: false },
      { id: expect.any(String), name: 'fi', value: 'Öljyn lämpötila', updated: expect.any(String), outdated: false },
    ]);
    const desc = await call('PUT', descriptions(ids.points.oil), 'distManager', [{ translationLanguage: 'fi', translationText: 'Mittaa öljy' }]);
    expect(desc.json()).toEqual([{ id: expect.any(String), name: 'fi', value: 'Mittaa öljy', updated: expect.any(String), outdated: false }]);
    expect(await stored(ids.points.oil, 'Name')).toEqual([{ language_id: 'de', value: 'Öltemperatur' }, { language_id: 'fi', value: 'Öljyn lämpötila' }]);
    expect(await stored(ids.points.oil, 'Description')).toEqual([{ language_id: 'fi', value: 'Mittaa öljy' }]);
  });

  it('updates a language in place and removes it with an empty text', async () => {
    await call('PUT', names(ids.points.oil), 'admin', [{ translationLanguage: 'de', translationText: 'Hydrauliköl' }]);
    const res = await call('PUT', names(ids.points.oil), 'admin', [{ translationLanguage: 'fi', translationText: '  ' }]);
    expect(res.json().map((t: { name: string; value: string }) => [t.name, t.value])).toEqual([['de', 'Hydrauliköl']]);
    expect(await stored(ids.points.oil, 'Name')).toEqual([{ language_id: 'de', value: 'Hydrauliköl' }]);
    // The description's fi translation is a different kind and stays.
    expect(await stored(ids.points.oil, 'Description')).toHaveLength(1);
  });

  it('marks a translation outdated once the English text changed after it, until it is saved again', async () => {
    await f.t.db.updateTable('inspection_points').set({ name_updated_at: sql`now() + interval '1 minute'` }).where('id', '=', ids.points.oil).execute();
    const list = await call('PUT', names(ids.points.oil), 'admin', []);
    expect(list.json()).toEqual([expect.objectContaining({ name: 'de', outdated: true })]);
    // Only the name changed: the description translation is current.
    expect((await call('PUT', descriptions(ids.points.oil), 'admin', [])).json()).toEqual([expect.objectContaining({ name: 'fi', outdated: false })]);
    await f.t.db.updateTable('inspection_points').set({ name_updated_at: sql`now() - interval '1 minute'` }).where('id', '=', ids.points.oil).execute();
    await f.t.db.updateTable('inspection_points').set({ description_updated_at: sql`now() + interval '1 minute'` }).where('id', '=', ids.points.oil).execute();
    expect((await call('PUT', descriptions(ids.points.oil), 'admin', [])).json()).toEqual([expect.objectContaining({ name: 'fi', outdated: true })]);
    expect((await call('PUT', names(ids.points.oil), 'admin', [])).json()).toEqual([expect.objectContaining({ name: 'de', outdated: false })]);
  });

  it("refuses English (the point's own text), an unknown language and a language twice with 400 naming the item", async () => {
    const en = await call('PUT', names(ids.points.oil), 'admin', [{ translationLanguage: 'fi', translationText: 'x' }, { translationLanguage: 'en', translationText: 'Oil' }]);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ field: '1.translationLanguage', message: expect.stringContaining("English is the point's own text") });
    const unknown = await call('PUT', names(ids.points.oil), 'admin', [{ translationLanguage: 'xx', translationText: 'x' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('0.translationLanguage');
    const twice = await call('PUT', names(ids.points.oil), 'admin', [{ translationLanguage: 'de', translationText: 'a' }, { translationLanguage: 'de', translationText: 'b' }]);
    expect(twice.json().field).toBe('1.translationLanguage');
    const notArray = await call('PUT', names(ids.points.oil), 'admin', [{ translationLanguage: 'de' }]);
    expect(notArray.statusCode).toBe(400);
    expect(notArray.json().field).toBe('0.translationText');
    // Nothing of a refused array is saved.
    expect(await stored(ids.points.oil, 'Name')).toEqual([{ language_id: 'de', value: 'Hydrauliköl' }]);
  });

  it('answers 404 for an unknown or deleted point, and refuses a staff Manager and a distributor User', async () => {
    expect((await call('PUT', names(ids.points.gone), 'admin', [])).statusCode).toBe(404);
    expect((await call('PUT', names('00000000-0000-4000-8000-000000000000'), 'admin', [])).statusCode).toBe(404);
    for (const who of ['manager', 'distUser'] as const) {
      expect((await call('PUT', names(ids.points.oil), who, [])).statusCode, who).toBe(403);
      expect((await call('PUT', descriptions(ids.points.oil), who, [])).statusCode, who).toBe(403);
    }
  });
});
