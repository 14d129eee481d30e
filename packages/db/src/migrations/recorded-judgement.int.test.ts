import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { loadReportData } from '../repositories/report-data.js';
import { backfillJudgement } from './20261122_0016_recorded_judgement.js';

/**
 * Migration 0016 freezes what results written before it are judged by: after it, editing the radio point's option
 * group and the measurement limits, title and unit changes no report of last year.
 */
let t: TestDatabase;
let inspectionId = '';
const ids = { radio: '', measure: '', group: '', jawLimit: '', modelLimit: '', oddResult: '' };

beforeAll(async () => {
  t = await createTestDatabase();
  const db = t.db;
  const one = <T>(q: { executeTakeFirstOrThrow(): Promise<T> }) => q.executeTakeFirstOrThrow();
  const category = (await one(db.insertInto('product_categories').values({ name: 'Crushers' }).returning('id'))).id;
  const jaw = (await one(db.insertInto('product_families').values({ name: 'Jaw', product_category_id: category }).returning('id'))).id;
  const jc100 = (await one(db.insertInto('product_models').values({ name: 'JC100', product_family_id: jaw }).returning('id'))).id;
  const jc200 = (await one(db.insertInto('product_models').values({ name: 'JC200', product_family_id: jaw }).returning('id'))).id;
  ids.group = (await one(db.insertInto('option_groups').values({ name: 'Condition', custom: true }).returning('id'))).id;
  await db.insertInto('option_group_options').values([{ option_group_id: ids.group, index: 1, name: 'Worn' }, { option_group_id: ids.group, index: 0, name: 'Good' }]).execute();
  ids.radio = (await one(db.insertInto('inspection_points').values({ type: 'RadioButtonSelection', name: 'Dies', product_category_id: category, option_group_id: ids.group }).returning('id'))).id;
  const mm = (await one(db.insertInto('units').values({ name: 'Millimetre', symbol: 'mm' }).returning('id'))).id;
  ids.measure = (await one(db.insertInto('inspection_points').values({ type: 'Measurement', name: 'CSS', product_category_id: category, measurement_title: 'Gap', measurement_unit_id: mm }).returning('id'))).id;
  ids.jawLimit = (await one(db.insertInto('measurement_limits').values({ inspection_point_id: ids.measure, product_family_id: jaw, low: 10, high: 40 }).returning('id'))).id;
  // Another model's limit: not the inspection's, so not the one recorded.
  ids.modelLimit = (await one(db.insertInto('measurement_limits').values({ inspection_point_id: ids.measure, product_model_id: jc200, low: 1, high: 2 }).returning('id'))).id;

  inspectionId = (await one(db.insertInto('inspections').values({ name: 'Last year', type: 'Daily', product_family_id: jaw, product_model_id: jc100, inspection_date: new Date(Date.UTC(2025, 10, 1)) }).returning('id'))).id;
  const cat = (await one(db.insertInto('inspection_categories').values({ inspection_id: inspectionId, index: 0, title: 'Checks' }).returning('id'))).id;
  const result = async (pointId: string, index: number, values: Record<string, unknown>) => (await one(db.insertInto('inspection_point_results').values({
    inspection_id: inspectionId, inspection_category_id: cat, inspection_point_id: pointId, index, rating: 0, ...values,
  } as never).returning('id'))).id;
  await result(ids.radio, 0, { selection: 'Worn', content: JSON.stringify({}) });
  await result(ids.measure, 1, { value: '45', content: JSON.stringify({}) });
  ids.oddResult = await result(ids.measure, 2, { value: '3', content: JSON.stringify({ limits: { low: 0, high: 1 } }) });
});
afterAll(() => t?.destroy());

const report = async () => {
  const points = (await loadReportData(t.db, inspectionId, 'en'))!.categories.flatMap((c) => c.points);
  return points.map((p) => ({ selection: p.selection, options: p.options, value: p.value, limits: p.limits, title: p.measurementTitle, unit: p.unit }));
};

describe('migration 0016: recorded option lists and limits', () => {
  it('records the option list and the limits the report printed, keeps what was recorded, and is idempotent', async () => {
    const before = await report();
    expect(before).toEqual([
      { selection: 'Worn', options: ['Good', 'Worn'], value: null, limits: null, title: null, unit: null },
      { selection: null, options: [], value: '45', limits: { criticalLow: null, low: 10, high: 40, criticalHigh: null }, title: 'Gap', unit: 'mm' },
      { selection: null, options: [], value: '3', limits: { criticalLow: null, low: 0, high: 1, criticalHigh: null }, title: 'Gap', unit: 'mm' },
    ]);
    await backfillJudgement(t.db);
    await backfillJudgement(t.db);
    await t.db.updateTable('option_group_options').set({ name: 'Worn out' }).where('name', '=', 'Worn').execute();
    await t.db.insertInto('option_group_options').values({ option_group_id: ids.group, index: 2, name: 'Broken' }).execute();
    await t.db.updateTable('measurement_limits').set({ low: 20, high: 30 }).where('id', '=', ids.jawLimit).execute();
    await t.db.updateTable('inspection_points').set({ measurement_title: 'Setting', measurement_unit_id: null }).where('id', '=', ids.measure).execute();
    expect(await report()).toEqual(before);
  });
});
