import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basePoint, callsOf, contentOf, pointFixtures, type PointFixtures } from './inspection-points.fixtures.test-helpers.js';

let f: PointFixtures;
let api: ReturnType<typeof callsOf>;
beforeAll(async () => {
  f = await pointFixtures();
  api = callsOf(f.t, f.tok);
});
afterAll(() => f?.t.close());

const create = (payload: unknown) => api.create(payload);
const update = async (id: string, payload: unknown, deleteMissing = true) => {
  const res = await api.call('PUT', `/api/v1/inspectionPoints/${id}${deleteMissing ? '?deleteMissingById=true' : ''}`, 'admin', payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const read = async (id: string) => (await api.call('GET', `/api/v1/inspectionPoints/${id}?fromWebApp=true`)).json();
const refused = async (payload: unknown, field: string, url = '/api/v1/inspectionPoints', method: 'POST' | 'PUT' = 'POST') => {
  const res = await api.call(method, url, 'admin', payload);
  expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
  expect(res.json().field, res.body).toBe(field);
};
const followUp = { title: 'Remaining thickness', keyboardType: 'decimal-pad', validationConsequence: 'PreventReport' };

describe('RadioButtonSelection', () => {
  it('references a predefined option group without copying or changing it', async () => {
    const p = await create(basePoint(f, 'RadioButtonSelection', { optionGroup: { id: f.group, custom: false, name: 'renamed?', options: [{ name: 'ignored' }] } }));
    expect(p.optionGroup).toMatchObject({ id: f.group, name: 'Condition', custom: false });
    expect(p.optionGroup.options.map((o: any) => [o.id, o.name, o.comment])).toEqual([[f.groupOptionIds[0], 'Good', null], [f.groupOptionIds[1], 'Worn', 'Wear observed.']]);
    expect(await read(p.id)).toEqual(p);
  });

  it("owns a custom group ('Customize' sends it without ids): empty option names dropped, follow-ups kept, updated in place, replaced when switching", async () => {
    const p = await create(basePoint(f, 'RadioButtonSelection', {
      optionGroup: { custom: true, name: 'Wear', options: [{ name: 'Good' }, { name: '' }, { name: 'Worn', comment: 'Turn the dies', followUpRangeValue: followUp }] },
    }));
    const g = p.optionGroup;
    expect(g).toMatchObject({ custom: true, name: 'Wear' });
    expect(g.options.map((o: any) => [o.index, o.name])).toEqual([[0, 'Good'], [1, 'Worn']]);
    expect(g.options[1].followUpRangeValue).toMatchObject({ index: 0, title: 'Remaining thickness', keyboardType: 'decimal-pad', validationConsequence: 'PreventReport', metas: [] });
    expect(contentOf(await read(p.id))).toEqual(contentOf(p));

    // Update in place: the first option renamed, the second (with its follow-up) removed, one added.
    const u = await update(p.id, basePoint(f, 'RadioButtonSelection', { optionGroup: { id: g.id, custom: true, name: 'Wear 2', options: [{ ...g.options[0], name: 'Fine' }, { name: 'Broken' }] } }));
    expect(u.optionGroup.id).toBe(g.id);
    expect(u.optionGroup.options.map((o: any) => [o.id === g.options[0].id, o.index, o.name])).toEqual([[true, 0, 'Fine'], [false, 1, 'Broken']]);
    expect(await f.t.db.selectFrom('follow_up_range_values').select('id').where('id', '=', g.options[1].followUpRangeValue.id).execute()).toEqual([]);

    // Switching to the predefined group deletes the point's custom one; the predefined stays untouched.
    const s = await update(p.id, basePoint(f, 'RadioButtonSelection', { optionGroup: { id: f.group, custom: false } }));
    expect(s.optionGroup.id).toBe(f.group);
    expect(await f.t.db.selectFrom('option_groups').select('id').where('id', '=', g.id).execute()).toEqual([]);
    expect((await f.t.db.selectFrom('option_group_options').select('id').where('option_group_id', '=', f.group).execute()).length).toBe(2);
  });

  it("keeps the translations of a predefined group's options in the custom copy 'Customize' makes (issue 19)", async () => {
    await f.t.db.updateTable('option_group_options').set({ translations: JSON.stringify({ de: { text: 'Gut', source: 'Good' } }) as never })
      .where('option_group_id', '=', f.group).where('name', '=', 'Good').execute();
    const p = await create(basePoint(f, 'RadioButtonSelection', { optionGroup: { id: f.group, custom: false } }));
    const copied = await update(p.id, basePoint(f, 'RadioButtonSelection', { optionGroup: { custom: true, name: 'Condition', options: [{ name: 'Good' }, { name: 'Brand new' }] } }));
    const stored = await f.t.db.selectFrom('option_group_options').select(['name', 'translations']).where('option_group_id', '=', copied.optionGroup.id).orderBy('index').execute();
    expect(stored).toEqual([{ name: 'Good', translations: { de: { text: 'Gut', source: 'Good' } } }, { name: 'Brand new', translations: {} }]);
  });

  it('refuses a missing group, a custom group without a named option, an unknown predefined id and a custom id of another point', async () => {
    await refused(basePoint(f, 'RadioButtonSelection'), 'optionGroup');
    await refused(basePoint(f, 'RadioButtonSelection', { optionGroup: { custom: true, name: 'x', options: [{ name: ' ' }] } }), 'optionGroup.options');
    await refused(basePoint(f, 'RadioButtonSelection', { optionGroup: { id: '00000000-0000-4000-8000-000000000000', custom: false } }), 'optionGroup.id');
    const other = await create(basePoint(f, 'RadioButtonSelection', { optionGroup: { custom: true, name: 'Other', options: [{ name: 'A' }] } }));
    await refused(basePoint(f, 'RadioButtonSelection', { optionGroup: { id: other.optionGroup.id, custom: true, name: 'Other', options: [{ name: 'A' }] } }), 'optionGroup.id');
    // A predefined group cannot be edited as if it were custom.
    await refused(basePoint(f, 'RadioButtonSelection', { optionGroup: { id: f.group, custom: true, name: 'x', options: [{ name: 'A' }] } }), 'optionGroup.id');
  });
});

describe('range values', () => {
  it('RadioButtonSelectionAndRangeValues keeps group, title and range values; once saved only regexp and consequence change', async () => {
    const p = await create(basePoint(f, 'RadioButtonSelectionAndRangeValues', {
      optionGroup: { id: f.group, custom: false }, rangeValueTitle: 'Mesh',
      rangeValues: [
        { title: 'Aperture', keyboardType: 'decimal-pad', inputValidationRegexp: '^[0-9]+$', metas: [{ type: 'ProductModel', value: f.ref.jaw.models.JC100 }], tags: ['mesh'] },
        { title: 'Tension' },
      ],
    }));
    expect(p.rangeValueTitle).toBe('Mesh');
    expect(p.rangeValues.map((r: any) => [r.index, r.title, r.keyboardType, r.inputValidationRegexp, r.tags, r.modelIds])).toEqual([
      [0, 'Aperture', 'decimal-pad', '^[0-9]+$', ['mesh'], [f.ref.jaw.models.JC100]],
      [1, 'Tension', 'default', null, [], []],
    ]);
    expect(await read(p.id)).toEqual(p);
    const [a, b] = p.rangeValues;
    const u = await update(p.id, basePoint(f, 'RadioButtonSelectionAndRangeValues', {
      optionGroup: { id: f.group, custom: false }, rangeValueTitle: 'Mesh',
      rangeValues: [{ ...a, title: 'changed title', keyboardType: 'default', inputValidationRegexp: '^x$', tags: ['other'] }, b],
      rangeValueUpdates: { [b.id]: { inputValidationRegexp: '^y$', validationConsequence: 'PreventMovingNextPoint' } },
    }));
    expect(u.rangeValues.map((r: any) => [r.title, r.keyboardType, r.inputValidationRegexp, r.validationConsequence, r.tags])).toEqual([
      ['Aperture', 'decimal-pad', '^x$', 'NoAction', ['mesh']],
      ['Tension', 'default', '^y$', 'PreventMovingNextPoint', []],
    ]);
    await refused(
      basePoint(f, 'RangeValues', { rangeValues: [], rangeValueUpdates: { [b.id]: { validationConsequence: 'NoAction' } } }),
      `rangeValueUpdates.${b.id}`,
    );
  });

  it('RangeValues keeps what is omitted without deleteMissingById and removes it with it; a bad regexp is a 400', async () => {
    const p = await create(basePoint(f, 'RangeValues', { rangeValues: [{ title: 'Left' }, { title: 'Right' }] }));
    const kept = await update(p.id, basePoint(f, 'RangeValues', { rangeValues: [{ title: 'Middle' }] }), false);
    expect(kept.rangeValues.map((r: any) => [r.index, r.title])).toEqual([[0, 'Left'], [1, 'Right'], [2, 'Middle']]);
    const pruned = await update(p.id, basePoint(f, 'RangeValues', { rangeValues: [kept.rangeValues[2]] }));
    expect(pruned.rangeValues.map((r: any) => r.title)).toEqual(['Middle']);
    await refused(basePoint(f, 'RangeValues', { rangeValues: [{ title: 'x', inputValidationRegexp: '([' }] }), 'rangeValues.0.inputValidationRegexp');
  });
});

describe('multiple choices', () => {
  it('MultipleChoices: lists with options and follow-ups, AnyProductModel by default, read back equal, options removed by deleteMissingById', async () => {
    const p = await create(basePoint(f, 'MultipleChoices', {
      multipleChoices: [
        { title: 'Guards', tags: ['safety'], options: [{ title: 'Present' }, { title: 'Missing', followUpRangeValue: followUp }] },
        { title: 'Extinguisher', radio: true, metas: [{ type: 'ProductModel', value: f.ref.jaw.models.JC200 }], options: [{ title: 'Inspected' }] },
      ],
    }));
    const [guards, ext] = p.multipleChoices;
    expect(guards).toMatchObject({ index: 0, title: 'Guards', radio: false, tags: ['safety'], metas: [{ type: 'AnyProductModel', value: 'true' }], modelIds: [] });
    expect(guards.options.map((o: any) => [o.index, o.title, o.followUpRangeValue?.title ?? null])).toEqual([[0, 'Present', null], [1, 'Missing', 'Remaining thickness']]);
    expect(ext).toMatchObject({ radio: true, modelIds: [f.ref.jaw.models.JC200] });
    expect(await read(p.id)).toEqual(p);

    const u = await update(p.id, basePoint(f, 'MultipleChoices', { multipleChoices: [{ ...guards, options: [guards.options[0], { title: 'Damaged' }] }] }));
    expect(u.multipleChoices.map((c: any) => c.title)).toEqual(['Guards']);
    expect(u.multipleChoices[0].options.map((o: any) => [o.index, o.title])).toEqual([[0, 'Present'], [1, 'Damaged']]);
    expect(await f.t.db.selectFrom('follow_up_range_values').select('id').where('id', '=', guards.options[1].followUpRangeValue.id).execute()).toEqual([]);
    // An option id of another list is refused, naming the item.
    await refused(basePoint(f, 'MultipleChoices', { multipleChoices: [{ title: 'x', options: [{ id: u.multipleChoices[0].options[0].id, title: 'y' }] }] }), 'multipleChoices[0].options[0].id', `/api/v1/inspectionPoints/${p.id}?deleteMissingById=true`, 'PUT');
  });

  it('MultipleChoicesAndRangeValues keeps both lists', async () => {
    const p = await create(basePoint(f, 'MultipleChoicesAndRangeValues', {
      rangeValueTitle: 'Consumption', rangeValues: [{ title: 'Grease (kg)' }], multipleChoices: [{ title: 'Grease points', options: [{ title: 'All greased' }] }],
    }));
    expect([p.rangeValueTitle, p.rangeValues[0].title, p.multipleChoices[0].options[0].title]).toEqual(['Consumption', 'Grease (kg)', 'All greased']);
    expect(await read(p.id)).toEqual(p);
  });
});

describe('Dropdown', () => {
  it('keeps dropdowns with options, images (signed link), follow-ups; a locked option cannot be renamed; temp ids never stored', async () => {
    const p = await create(basePoint(f, 'Dropdown', {
      dropdowns: [
        { id: 'temp-id-d1', title: 'Supplier', validationConsequence: 'PreventReport', options: [{ id: 'temp-id-o1', title: 'Original', imageId: f.image }, { id: 'temp-id-o2', title: 'Third-party', followUpRangeValue: followUp }] },
        { title: 'Leaks', multiselect: true, hideImages: true, options: [{ title: 'Hose' }] },
      ],
    }));
    expect(JSON.stringify(p)).not.toContain('temp-id-');
    const [supplier, leaks] = p.dropdowns;
    expect(supplier).toMatchObject({ index: 0, title: 'Supplier', multiselect: false, hideImages: false, validationConsequence: 'PreventReport' });
    expect(supplier.options[0]).toMatchObject({ title: 'Original', imageId: f.image, imageUrl: expect.stringMatching(new RegExp(`^/api/v1/images/${f.image}/file\\?expires=\\d+&sig=`)), batchUpdateDetails: null });
    expect(supplier.options[1].followUpRangeValue).toMatchObject({ title: 'Remaining thickness' });
    expect(leaks).toMatchObject({ index: 1, multiselect: true, hideImages: true });

    // A pending batch update locks an option: the read says so, and a point save keeps the lock.
    const batch = (await f.t.db.insertInto('dropdown_batch_updates').values({ changes: JSON.stringify({}) }).returning('id').executeTakeFirstOrThrow()).id;
    await f.t.db.updateTable('dropdown_options').set({ batch_update_id: batch }).where('id', '=', supplier.options[0].id).execute();
    expect((await read(p.id)).dropdowns[0].options[0].batchUpdateDetails).toEqual({ batchUpdateId: batch, status: 'pending' });
    const renamed = await api.call('PUT', `/api/v1/inspectionPoints/${p.id}?deleteMissingById=true`, 'admin',
      basePoint(f, 'Dropdown', { dropdowns: [{ ...supplier, options: [{ ...supplier.options[0], title: 'OEM' }] }] }));
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({ field: 'dropdowns[0].options[0].title', message: expect.stringContaining("can't be edited because it is already being updated") });
    const u = await update(p.id, basePoint(f, 'Dropdown', { dropdowns: [{ ...supplier, title: 'Supplier brand', options: [supplier.options[0]] }] }));
    expect(u.dropdowns.map((d: any) => d.title)).toEqual(['Supplier brand']);
    expect(u.dropdowns[0].options).toMatchObject([{ id: supplier.options[0].id, title: 'Original', imageId: f.image, batchUpdateDetails: { batchUpdateId: batch } }]);
    await f.t.db.updateTable('dropdown_batch_updates').set({ status: 'done' }).where('id', '=', batch).execute();
    expect((await read(p.id)).dropdowns[0].options[0].batchUpdateDetails).toBeNull();
  });

  it('refuses an unknown image, an option id of another point and a follow-up id that is not the option\'s', async () => {
    await refused(basePoint(f, 'Dropdown', { dropdowns: [{ title: 'x', options: [{ title: 'a', imageId: '00000000-0000-4000-8000-000000000000' }] }] }), 'dropdowns[0].options[0].imageId');
    const a = await create(basePoint(f, 'Dropdown', { dropdowns: [{ title: 'A', options: [{ title: 'a', followUpRangeValue: followUp }] }] }));
    const b = await create(basePoint(f, 'Dropdown', { dropdowns: [{ title: 'B', options: [{ title: 'b' }] }] }));
    const url = `/api/v1/inspectionPoints/${b.id}?deleteMissingById=true`;
    await refused(basePoint(f, 'Dropdown', { dropdowns: [{ ...b.dropdowns[0], options: [b.dropdowns[0].options[0], { id: a.dropdowns[0].options[0].id, title: 'stolen' }] }] }), 'dropdowns[0].options[1].id', url, 'PUT');
    await refused(basePoint(f, 'Dropdown', { dropdowns: [{ id: a.dropdowns[0].id, title: 'stolen' }] }), 'dropdowns[0].id', url, 'PUT');
    await refused(basePoint(f, 'Dropdown', { dropdowns: [{ ...b.dropdowns[0], options: [{ ...b.dropdowns[0].options[0], followUpRangeValue: a.dropdowns[0].options[0].followUpRangeValue }] }] }), 'dropdowns[0].options[0].followUpRangeValue.id', url, 'PUT');
    // Nothing of the refused writes stayed.
    expect((await read(b.id)).dropdowns).toEqual(b.dropdowns.map((d: any) => ({ ...d, options: d.options.map((o: any) => ({ ...o })) })));
  });
});
