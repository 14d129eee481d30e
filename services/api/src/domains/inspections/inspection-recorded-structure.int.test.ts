import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReportData } from '@insp/db';
import type { TReportData, TReportPoint } from '@insp/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedEditFixtures, type EditFixtures } from './inspection-edit.fixtures.test-helpers.js';

/**
 * Recorded results never change (issue 9), beyond the picks: a radio point's option list, the measurement limits a
 * value was judged against, its title and unit, and a table's title, field and row titles stay as recorded after the library is edited, and a
 * re-save of the same answers is accepted and changes nothing (docs/decisions.md, 'Recorded results').
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
const pointOf = (d: TReportData, pointName: string): TReportPoint => d.categories.flatMap((c) => c.points).find((p) => p.name === pointName)!;

async function report(id: string) {
  const data = (await loadReportData(t.db, id, 'en'))!;
  const radio = pointOf(data, 'Jaw dies wear');
  const measure = pointOf(data, 'Crusher setting');
  const table = pointOf(data, 'Belt thickness');
  return {
    radio: { selection: radio.selection, options: radio.options },
    measure: { value: measure.value, limits: measure.limits, title: measure.measurementTitle, unit: measure.unit },
    table: {
      fieldTitle: table.table!.fieldTitle,
      fields: table.table!.fields.map((x) => x.title),
      rows: table.table!.rows.map((x) => x.title),
      values: [...table.table!.values].sort((a, b) => `${a.rowId}${a.fieldId}`.localeCompare(`${b.rowId}${b.fieldId}`)),
    },
  };
}

describe('recorded option lists, limits and table titles (issue 9)', () => {
  it('print as recorded after the library renamed and removed them, and the same answers save again', async () => {
    const insp = await f.inspection({});
    const [general, measurements] = insp.categories;
    const [left, right] = f.table.fields;
    const [main, side] = f.table.rows;
    const items = [
      { categoryId: general, protocolPointId: f.daily.points[f.points.radio], content: { selection: 'Worn', rating: 'Ok' } },
      { categoryId: measurements, protocolPointId: f.daily.points[f.points.measure], content: { value: '45' } },
      {
        categoryId: measurements, protocolPointId: f.daily.points[f.points.table], content: {
          rows: [
            { id: main, title: 'Main', values: [{ rowId: main, fieldId: left, value: '1' }, { rowId: main, fieldId: right, value: '3' }] },
            { id: side, title: 'Side', values: [{ rowId: side, fieldId: left, value: '5' }, { rowId: side, fieldId: right, value: '7' }] },
          ],
        },
      },
    ];
    const first = await putResults(insp.id, items);
    expect(first.statusCode, first.body).toBe(200);
    const before = await report(insp.id);
    expect(before.radio).toEqual({ selection: 'Worn', options: ['Good', 'Worn', 'Damaged'] });
    expect(before.measure).toEqual({ value: '45', limits: { criticalLow: 5, low: 10, high: 40, criticalHigh: 50 }, title: 'CSS', unit: 'mm' });
    expect(before.table.fieldTitle).toBe('Measurements');
    expect(before.table.fields).toEqual(['Left', 'Right', 'Average']);
    expect(before.table.rows).toEqual(['Main', 'Side', 'Total']);

    // Authoring since: options renamed and removed, limits moved, a field renamed, a row removed.
    const group = (await t.db.selectFrom('inspection_points').select('option_group_id').where('id', '=', f.points.radio).executeTakeFirstOrThrow()).option_group_id!;
    await t.db.updateTable('option_group_options').set({ name: 'Worn out' }).where('option_group_id', '=', group).where('name', '=', 'Worn').execute();
    await t.db.deleteFrom('option_group_options').where('option_group_id', '=', group).where('name', '=', 'Damaged').execute();
    await t.db.updateTable('measurement_limits').set({ high: 60, critical_high: 70 }).where('inspection_point_id', '=', f.points.measure).execute();
    await t.db.updateTable('inspection_point_fields').set({ title: 'L' }).where('id', '=', left!).execute();
    const cm = (await t.db.insertInto('units').values({ name: 'Centimetre', symbol: 'cm' }).returning('id').executeTakeFirstOrThrow()).id;
    await t.db.updateTable('inspection_points').set({ measurement_title: 'Gap', measurement_unit_id: cm }).where('id', '=', f.points.measure).execute();
    await t.db.updateTable('inspection_points').set({ field_title: 'Readings' }).where('id', '=', f.points.table).execute();
    await t.db.deleteFrom('inspection_point_rows').where('id', '=', side!).execute();
    expect(await report(insp.id)).toEqual(before);

    // The form sends the same answers again (an autosave, or a correction of a finished inspection's comment).
    const again = await putResults(insp.id, items.map((x, i) => (i === 0 ? { ...x, content: { ...x.content, comment: 'Checked twice' } } : x)));
    expect(again.statusCode, again.body).toBe(200);
    expect(await report(insp.id)).toEqual(before);
  });
});
