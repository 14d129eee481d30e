import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReportData } from '@insp/db';
import { renderReportHtml } from '@insp/report';
import type { TReportData, TReportPoint } from '@insp/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedEditFixtures, type EditFixtures } from './inspection-edit.fixtures.test-helpers.js';

/**
 * Recorded results never change (issue 9): a result stores the texts of its picks when they are made, so renaming
 * or deleting the library's choices, options, dropdowns and range values afterwards changes no report.
 */
let t: TestApp;
let f: EditFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedEditFixtures(t);
});
afterAll(() => t?.close());

const putResults = (id: string, results: unknown[]) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/inspections/${id}/results`, headers: { authorization: `Bearer ${f.tok.admin}` }, payload: { results } });

/**
 * A library of its own for each test (tests rename and delete it): a multiple-choice point (choice 'Guards':
 * Present, Missing; range value 'Grease used (kg)') and a dropdown point ('Supplier': Original with an image,
 * Third-party with the follow-up 'Part number'), a protocol of both, and an inspection where the inspector picked
 * Missing, 2,5 kg, Third-party and PN-7.
 */
async function answered() {
  const db = t.db;
  const point = async (type: string, name: string) => (await db.insertInto('inspection_points').values({ type, name, product_category_id: f.ref.categories.crushers.id }).returning('id').executeTakeFirstOrThrow()).id;
  const choicePoint = await point('MultipleChoicesAndRangeValues', 'Safety equipment');
  const dropdownPoint = await point('Dropdown', 'Wear parts');
  const choice = (await db.insertInto('multiple_choices').values({ inspection_point_id: choicePoint, index: 0, title: 'Guards', radio: false }).returning('id').executeTakeFirstOrThrow()).id;
  const options = (await db.insertInto('multiple_choice_options').values([{ multiple_choice_id: choice, index: 0, title: 'Present' }, { multiple_choice_id: choice, index: 1, title: 'Missing' }]).returning('id').execute()).map((o) => o.id);
  const rangeValue = (await db.insertInto('range_values').values({ inspection_point_id: choicePoint, index: 0, title: 'Grease used (kg)', keyboard_type: 'decimal-pad' }).returning('id').executeTakeFirstOrThrow()).id;
  const followUp = (await db.insertInto('follow_up_range_values').values({ index: 0, title: 'Part number' }).returning('id').executeTakeFirstOrThrow()).id;
  const dropdown = (await db.insertInto('dropdowns').values({ inspection_point_id: dropdownPoint, index: 0, title: 'Supplier' }).returning('id').executeTakeFirstOrThrow()).id;
  const image = await f.image(f.users.admin!);
  const dropdownOptions = (await db.insertInto('dropdown_options').values([
    { dropdown_id: dropdown, index: 0, title: 'Original', image_id: image }, { dropdown_id: dropdown, index: 1, title: 'Third-party', follow_up_range_value_id: followUp },
  ]).returning('id').execute()).map((o) => o.id);
  const protocol = await f.protocol(`Picks ${crypto.randomUUID()}`, 'Daily', [['Choices', [choicePoint, dropdownPoint]]]);
  const id = (await db.insertInto('inspections').values({ name: 'Picks', type: 'Daily', protocol_id: protocol.id, inspection_date: new Date(Date.UTC(2025, 5, 1)) }).returning('id').executeTakeFirstOrThrow()).id;
  const categoryId = (await db.insertInto('inspection_categories').values({ inspection_id: id, protocol_category_id: protocol.categories[0]!, index: 0, title: 'Choices' }).returning('id').executeTakeFirstOrThrow()).id;

  const items = {
    choice: { categoryId, protocolPointId: protocol.points[choicePoint], content: {
      multipleChoices: [{ multipleChoiceId: choice, selectedOptionIds: [options[1]] }], rangeValues: [{ rangeValueId: rangeValue, value: '2,5' }],
    } },
    dropdown: { categoryId, protocolPointId: protocol.points[dropdownPoint], content: {
      dropdowns: [{ dropdownId: dropdown, selectedOptionIds: [dropdownOptions[1]] }], rangeValues: [{ rangeValueId: followUp, value: 'PN-7' }],
    } },
  };
  const res = await putResults(id, [items.choice, items.dropdown]);
  expect(res.statusCode, res.body).toBe(200);
  const [c, d] = (res.json() as { results: { id: string }[] }).results;
  return { id, items, results: { choice: c!.id, dropdown: d!.id }, lib: { choice, options, rangeValue, followUp, dropdown, dropdownOptions } };
}
type Answered = Awaited<ReturnType<typeof answered>>;

const contentOf = async (resultId: string) => (await t.db.selectFrom('inspection_point_results').select('content').where('id', '=', resultId).executeTakeFirstOrThrow()).content;
const pointOf = (d: TReportData, resultId: string): TReportPoint => d.categories.flatMap((c) => c.points).find((p) => p.resultId === resultId)!;

/** What the report shows of the two answered points. */
async function reportOf(id: string, results: { choice: string; dropdown: string }) {
  const data = (await loadReportData(t.db, id, 'en'))!;
  const html = renderReportHtml(data, { lang: 'en', imageUrl: (i) => `/img/${i}` });
  const c = pointOf(data, results.choice);
  const d = pointOf(data, results.dropdown);
  return { html, choice: { rangeValues: c.rangeValues, multipleChoices: c.multipleChoices }, dropdown: { rangeValues: d.rangeValues, dropdowns: d.dropdowns } };
}

const ORIGINAL = {
  choice: {
    rangeValues: [{ title: 'Grease used (kg)', value: '2,5' }],
    multipleChoices: [{ title: 'Guards', radio: false, options: [{ title: 'Present', selected: false }, { title: 'Missing', selected: true }] }],
  },
  // The follow-up range value of the picked option prints with the point's values (issue 20).
  dropdown: { rangeValues: [{ title: 'Part number', value: 'PN-7' }], dropdowns: [{ title: 'Supplier', multiselect: false, hideImages: false, selected: [{ title: 'Third-party', imageId: null }] }] },
};

/** The library after authoring: everything the inspector saw renamed, or removed outright as deleteMissingById does. */
async function rewriteLibrary({ lib }: Answered) {
  await t.db.updateTable('multiple_choices').set({ title: 'Covers' }).where('id', '=', lib.choice).execute();
  await t.db.updateTable('multiple_choice_options').set({ title: 'Absent' }).where('id', '=', lib.options[1]!).execute();
  await t.db.deleteFrom('multiple_choice_options').where('id', '=', lib.options[0]!).execute();
  await t.db.insertInto('multiple_choice_options').values({ multiple_choice_id: lib.choice, index: 2, title: 'Bent' }).execute();
  await t.db.updateTable('range_values').set({ title: 'Grease (g)' }).where('id', '=', lib.rangeValue).execute();
  await t.db.updateTable('dropdown_options').set({ title: 'Pirate parts' }).where('id', '=', lib.dropdownOptions[1]!).execute();
}

describe('recorded results never change (issue 9)', () => {
  it('stores the texts of every pick with the pick', async () => {
    const { results, lib } = await answered();
    expect(await contentOf(results.choice)).toMatchObject({
      rangeValues: [{ rangeValueId: lib.rangeValue, value: '2,5', title: 'Grease used (kg)' }],
      multipleChoices: [{
        multipleChoiceId: lib.choice, selectedOptionIds: [lib.options[1]], title: 'Guards', radio: false,
        options: [{ id: lib.options[0], title: 'Present' }, { id: lib.options[1], title: 'Missing' }],
      }],
    });
    expect(await contentOf(results.dropdown)).toMatchObject({
      rangeValues: [{ rangeValueId: lib.followUp, value: 'PN-7', title: 'Part number', followUp: true }],
      dropdowns: [{ dropdownId: lib.dropdown, title: 'Supplier', multiselect: false, hideImages: false, selectedOptions: [{ id: lib.dropdownOptions[1], title: 'Third-party', imageId: null }] }],
    });
  });

  it('prints the texts the inspector picked after the library renamed and deleted them, and a re-save keeps them', async () => {
    const a = await answered();
    const { id, items, results, lib } = a;
    const before = await reportOf(id, results);
    expect({ choice: before.choice, dropdown: before.dropdown }).toMatchObject(ORIGINAL);

    await rewriteLibrary(a);
    const renamed = await reportOf(id, results);
    expect({ choice: renamed.choice, dropdown: renamed.dropdown }).toMatchObject(ORIGINAL);
    expect(renamed.choice.multipleChoices[0]!.options).toHaveLength(2); // 'Bent' came later: not what the inspector saw
    for (const text of ['Guards', 'Missing', 'Present', 'Grease used (kg)', 'Supplier', 'Third-party']) expect(renamed.html).toContain(text);
    for (const text of ['Covers', 'Absent', 'Bent', 'Grease (g)', 'Pirate parts']) expect(renamed.html).not.toContain(text);

    // The dropdown (its options cascade), the picked option's follow-up and the range value are deleted outright.
    await t.db.deleteFrom('dropdowns').where('id', '=', lib.dropdown).execute();
    await t.db.deleteFrom('follow_up_range_values').where('id', '=', lib.followUp).execute();
    await t.db.deleteFrom('range_values').where('id', '=', lib.rangeValue).execute();
    const deleted = await reportOf(id, results);
    expect({ choice: deleted.choice, dropdown: deleted.dropdown }).toMatchObject(ORIGINAL);
    for (const text of ['Guards', 'Missing', 'Present', 'Grease used (kg)', 'Supplier', 'Third-party']) expect(deleted.html).toContain(text);

    // The form sends the same picks again (an autosave of an open inspection): accepted, texts unchanged.
    const res = await putResults(id, [items.choice, items.dropdown]);
    expect(res.statusCode, res.body).toBe(200);
    const again = await reportOf(id, results);
    expect({ choice: again.choice, dropdown: again.dropdown }).toMatchObject(ORIGINAL);
    expect(await contentOf(results.dropdown)).toMatchObject({ rangeValues: [{ title: 'Part number', followUp: true }], dropdowns: [{ title: 'Supplier' }] });
  });

  it("prints an option's follow-up value only while that option is picked (issue 20)", async () => {
    const { id, items, results, lib } = await answered();
    expect((await reportOf(id, results)).html).toContain('PN-7');
    // the inspector switches to 'Original': the part number typed for 'Third-party' stays stored, unprinted
    const res = await putResults(id, [{ ...items.dropdown, content: { ...items.dropdown.content, dropdowns: [{ dropdownId: lib.dropdown, selectedOptionIds: [lib.dropdownOptions[0]] }] } }]);
    expect(res.statusCode, res.body).toBe(200);
    const switched = await reportOf(id, results);
    expect(switched.dropdown.rangeValues).toEqual([]);
    expect(switched.html).not.toContain('PN-7');
    expect(await contentOf(results.dropdown)).toMatchObject({ rangeValues: [{ rangeValueId: lib.followUp, value: 'PN-7' }] });
  });

  it('prints the same texts after the point editor (PUT inspectionPoints ?deleteMissingById=true) renamed and removed them', async () => {
    const { id, results, lib } = await answered();
    const [choicePoint, dropdownPoint] = await Promise.all([results.choice, results.dropdown].map(async (r) =>
      (await t.db.selectFrom('inspection_point_results').select('inspection_point_id').where('id', '=', r).executeTakeFirstOrThrow()).inspection_point_id!));
    const edit = async (pointId: string, change: (p: Record<string, any>) => Record<string, unknown>) => {
      const url = `/api/v1/inspectionPoints/${pointId}`;
      const p = (await t.app.inject({ method: 'GET', url: `${url}?fromWebApp=true`, headers: { authorization: `Bearer ${f.tok.admin}` } })).json();
      const payload = { sourceSystem: 'UI', type: p.type, name: p.name, description: p.description, productCategoryId: p.productCategoryId, ...change(p) };
      const res = await t.app.inject({ method: 'PUT', url: `${url}?deleteMissingById=true`, headers: { authorization: `Bearer ${f.tok.admin}` }, payload });
      expect(res.statusCode, res.body).toBe(200);
    };
    // 'Present' and the range value removed, 'Missing' renamed; the dropdown replaced by another (its options go with it).
    await edit(choicePoint, (p) => ({
      rangeValues: [{ title: 'Oil used (l)' }],
      multipleChoices: [{ ...p.multipleChoices[0], title: 'Covers', options: [{ ...p.multipleChoices[0].options[1], title: 'Absent' }] }],
    }));
    await edit(dropdownPoint, () => ({ dropdowns: [{ title: 'Brand', options: [{ title: 'Acme' }] }] }));
    // The library really lost them (hard-deleted by the update):
    expect(await t.db.selectFrom('dropdowns').select('id').where('id', '=', lib.dropdown).execute()).toEqual([]);
    expect(await t.db.selectFrom('multiple_choice_options').select('title').where('multiple_choice_id', '=', lib.choice).execute()).toEqual([{ title: 'Absent' }]);
    expect(await t.db.selectFrom('range_values').select('title').where('inspection_point_id', '=', choicePoint).execute()).toEqual([{ title: 'Oil used (l)' }]);

    const after = await reportOf(id, results);
    expect({ choice: after.choice, dropdown: after.dropdown }).toMatchObject(ORIGINAL);
    for (const text of ['Guards', 'Missing', 'Present', 'Grease used (kg)', 'Supplier', 'Third-party']) expect(after.html).toContain(text);
    for (const text of ['Covers', 'Absent', 'Oil used (l)', 'Brand', 'Acme']) expect(after.html).not.toContain(text);
  });

  it("records a changed pick with the library's texts of now, keeping the text of a picked option the library lost", async () => {
    const { id, items, results, lib } = await answered();
    await t.db.updateTable('multiple_choices').set({ title: 'Guards and covers' }).where('id', '=', lib.choice).execute();
    const bent = (await t.db.insertInto('multiple_choice_options').values({ multiple_choice_id: lib.choice, index: 9, title: 'Bent' }).returning('id').executeTakeFirstOrThrow()).id;
    await t.db.deleteFrom('multiple_choice_options').where('id', '=', lib.options[1]!).execute();
    const res = await putResults(id, [{ ...items.choice, content: { ...items.choice.content, multipleChoices: [{ multipleChoiceId: lib.choice, selectedOptionIds: [lib.options[1], bent] }] } }]);
    expect(res.statusCode, res.body).toBe(200);
    const { choice } = await reportOf(id, results);
    expect(choice.multipleChoices).toMatchObject([{
      title: 'Guards and covers',
      options: [{ title: 'Present', selected: false }, { title: 'Bent', selected: true }, { title: 'Missing', selected: true }],
    }]);
  });

  it("still refuses an option that is neither the point's nor recorded by the result (400 naming the field)", async () => {
    const { id, items, lib } = await answered();
    const res = await putResults(id, [{ ...items.dropdown, content: { dropdowns: [{ dropdownId: lib.dropdown, selectedOptionIds: [lib.options[0]] }] } }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'results.0.content.dropdowns.0.selectedOptionIds.0' });
  });

  it('reads a result written before the texts were recorded from the live library', async () => {
    const { id, results, lib } = await answered();
    await t.db.updateTable('inspection_point_results')
      .set({ content: JSON.stringify({ multipleChoices: [{ multipleChoiceId: lib.choice, selectedOptionIds: [lib.options[1]] }] }) })
      .where('id', '=', results.choice).execute();
    await t.db.updateTable('multiple_choice_options').set({ title: 'Renamed' }).where('id', '=', lib.options[1]!).execute();
    const { choice } = await reportOf(id, results);
    expect(choice).toMatchObject({ rangeValues: [], multipleChoices: [{ title: 'Guards', options: [{ title: 'Present', selected: false }, { title: 'Renamed', selected: true }] }] });
  });
});
