import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { loadReportData } from '../repositories/report-data.js';
import { backfillPickTexts } from './20261122_0014_recorded_pick_texts.js';

/**
 * Migration 0014 freezes results written before picks recorded their texts: after it, renaming or deleting the
 * library's choices, options, dropdowns and range values changes no report.
 */
let t: TestDatabase;
const lib = { choice: '', options: [] as string[], rangeValue: '', followUp: '', dropdown: '', dropdownOptions: [] as string[], image: '' };
let inspectionId = '';
const results = { choice: '', dropdown: '', plain: '', odd: '' };

beforeAll(async () => {
  t = await createTestDatabase();
  const db = t.db;
  const one = <T>(q: { executeTakeFirstOrThrow(): Promise<T> }) => q.executeTakeFirstOrThrow();
  const category = (await one(db.insertInto('product_categories').values({ name: 'Crushers' }).returning('id'))).id;
  const point = async (type: string, name: string) => (await one(db.insertInto('inspection_points').values({ type, name, product_category_id: category }).returning('id'))).id;
  const choicePoint = await point('MultipleChoicesAndRangeValues', 'Safety equipment');
  const dropdownPoint = await point('Dropdown', 'Wear parts');
  const commentPoint = await point('Comment', 'Remarks');
  lib.choice = (await one(db.insertInto('multiple_choices').values({ inspection_point_id: choicePoint, index: 0, title: 'Guards', radio: true }).returning('id'))).id;
  lib.options = (await db.insertInto('multiple_choice_options').values([
    { multiple_choice_id: lib.choice, index: 1, title: 'Missing' }, { multiple_choice_id: lib.choice, index: 0, title: 'Present' },
  ]).returning('id').execute()).map((o) => o.id);
  lib.rangeValue = (await one(db.insertInto('range_values').values({ inspection_point_id: choicePoint, index: 0, title: 'Grease used (kg)' }).returning('id'))).id;
  lib.followUp = (await one(db.insertInto('follow_up_range_values').values({ index: 0, title: 'Part number' }).returning('id'))).id;
  lib.dropdown = (await one(db.insertInto('dropdowns').values({ inspection_point_id: dropdownPoint, index: 0, title: 'Observed leaks', multiselect: true, hide_images: true }).returning('id'))).id;
  lib.image = (await one(db.insertInto('images').values({ storage_key: 'images/x.png', content_type: 'image/png', size: 1, sha256: 'x' }).returning('id'))).id;
  lib.dropdownOptions = (await db.insertInto('dropdown_options').values([
    { dropdown_id: lib.dropdown, index: 0, title: 'Hose', image_id: lib.image }, { dropdown_id: lib.dropdown, index: 1, title: 'Cylinder', follow_up_range_value_id: lib.followUp },
    { dropdown_id: lib.dropdown, index: 2, title: 'Valve block' },
  ]).returning('id').execute()).map((o) => o.id);

  inspectionId = (await one(db.insertInto('inspections').values({ name: 'Last year', type: 'Daily', inspection_date: new Date(Date.UTC(2025, 10, 1)) }).returning('id'))).id;
  const cat = (await one(db.insertInto('inspection_categories').values({ inspection_id: inspectionId, index: 0, title: 'Checks' }).returning('id'))).id;
  const result = async (pointId: string, index: number, content: unknown) => (await one(db.insertInto('inspection_point_results').values({
    inspection_id: inspectionId, inspection_category_id: cat, inspection_point_id: pointId, index, rating: 0, content: JSON.stringify(content),
  }).returning('id'))).id;
  // The old shape: picks by id only.
  results.choice = await result(choicePoint, 0, {
    multipleChoices: [{ multipleChoiceId: lib.choice, selectedOptionIds: [lib.options[0]] }],
    rangeValues: [{ rangeValueId: lib.rangeValue, value: '2,5' }],
  });
  results.dropdown = await result(dropdownPoint, 1, {
    dropdowns: [{ dropdownId: lib.dropdown, selectedOptionIds: [lib.dropdownOptions[2], lib.dropdownOptions[0]] }],
    rangeValues: [{ rangeValueId: lib.followUp, value: 'PN-7' }],
  });
  results.plain = await result(commentPoint, 2, {});
  // Malformed and already-recorded entries are left as they are; an entry whose library row is gone too.
  results.odd = await result(commentPoint, 3, {
    rangeValues: 'not a list',
    multipleChoices: [7, { multipleChoiceId: crypto.randomUUID(), selectedOptionIds: [] }, { multipleChoiceId: lib.choice, selectedOptionIds: [], title: 'Kept', options: [] }],
    dropdowns: [{ dropdownId: 'not-a-uuid', selectedOptionIds: ['x'] }],
  });
});
afterAll(() => t?.destroy());

const contentOf = async (id: string) => (await t.db.selectFrom('inspection_point_results').select('content').where('id', '=', id).executeTakeFirstOrThrow()).content;

describe('migration 0014: recorded pick texts', () => {
  it('backfills the texts of the picks into old results, set-based, keeping order and leaving odd entries alone', async () => {
    const odd = await contentOf(results.odd);
    await backfillPickTexts(t.db);
    expect(await contentOf(results.choice)).toEqual({
      multipleChoices: [{
        multipleChoiceId: lib.choice, selectedOptionIds: [lib.options[0]], title: 'Guards', radio: true,
        options: [{ id: lib.options[1], title: 'Present' }, { id: lib.options[0], title: 'Missing' }],
      }],
      rangeValues: [{ rangeValueId: lib.rangeValue, value: '2,5', title: 'Grease used (kg)' }],
    });
    expect(await contentOf(results.dropdown)).toEqual({
      dropdowns: [{
        dropdownId: lib.dropdown, selectedOptionIds: [lib.dropdownOptions[2], lib.dropdownOptions[0]], title: 'Observed leaks', multiselect: true, hideImages: true,
        selectedOptions: [{ id: lib.dropdownOptions[2], title: 'Valve block', imageId: null }, { id: lib.dropdownOptions[0], title: 'Hose', imageId: lib.image }],
      }],
      rangeValues: [{ rangeValueId: lib.followUp, value: 'PN-7', title: 'Part number', followUp: true }],
    });
    expect(await contentOf(results.plain)).toEqual({});
    expect(await contentOf(results.odd)).toEqual(odd);
  });

  it('is idempotent: a second run changes nothing, even after the library was renamed', async () => {
    const before = await Promise.all([results.choice, results.dropdown].map(contentOf));
    await t.db.updateTable('dropdowns').set({ title: 'Leaks' }).where('id', '=', lib.dropdown).execute();
    await backfillPickTexts(t.db);
    expect(await Promise.all([results.choice, results.dropdown].map(contentOf))).toEqual(before);
  });

  it('leaves the report of a backfilled result unchanged when the library is renamed and deleted', async () => {
    await t.db.updateTable('multiple_choice_options').set({ title: 'Absent' }).where('id', '=', lib.options[0]!).execute();
    await t.db.updateTable('multiple_choices').set({ title: 'Covers' }).where('id', '=', lib.choice).execute();
    await t.db.deleteFrom('range_values').where('id', '=', lib.rangeValue).execute();
    await t.db.deleteFrom('dropdowns').where('id', '=', lib.dropdown).execute();
    const data = (await loadReportData(t.db, inspectionId, 'en'))!;
    const [choice, dropdown] = data.categories[0]!.points;
    expect(choice).toMatchObject({
      resultId: results.choice,
      multipleChoices: [{ title: 'Guards', options: [{ title: 'Present', selected: false }, { title: 'Missing', selected: true }] }],
      rangeValues: [{ title: 'Grease used (kg)', value: '2,5' }],
    });
    expect(dropdown).toMatchObject({
      resultId: results.dropdown,
      dropdowns: [{ title: 'Observed leaks', multiselect: true, hideImages: true, selected: [{ title: 'Valve block', imageId: null }, { title: 'Hose', imageId: lib.image }] }],
      rangeValues: [],
    });
  });
});
