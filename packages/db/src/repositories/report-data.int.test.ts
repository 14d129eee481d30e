import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type KyselyPlugin } from 'kysely';
import { PointTypes, type TReportData, type TReportPoint } from '@insp/contracts';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { seedDemo } from '../seed/index.js';
import { loadReportData } from './report-data.js';

let t: TestDatabase;
let reports: { id: string; type: string; company_id: string | null; equipment_id: string | null; inspection_date: Date }[];
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemo(t.db, { putFile: async () => {} });
  reports = await t.db.selectFrom('inspections').select(['id', 'type', 'company_id', 'equipment_id', 'inspection_date'])
    .where('audit_id', 'is', null).where('deleted_at', 'is', null).orderBy('inspection_date').execute();
});
afterAll(() => t?.destroy());

const points = (d: TReportData): TReportPoint[] => [...d.categories.flatMap((c) => c.points), ...d.extraPoints];
const load = async (id: string, lang = 'en') => (await loadReportData(t.db, id, lang))!;
const pointId = async (name: string) => (await t.db.selectFrom('inspection_points').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
/** The report's result of a library point, or undefined. */
const resultOf = (reportId: string, pid: string) =>
  t.db.selectFrom('inspection_point_results').selectAll().where('inspection_id', '=', reportId).where('inspection_point_id', '=', pid).executeTakeFirst();

describe('loadReportData over the demo seed', () => {
  it('covers every point type across the seeded reports, categories in protocol order', async () => {
    const seen = new Set<string>();
    for (const r of reports) {
      const d = await load(r.id);
      points(d).forEach((p) => seen.add(p.type));
      expect(d.categories.map((c) => c.index)).toEqual([...d.categories.map((c) => c.index)].sort((a, b) => a - b));
    }
    expect([...seen].sort()).toEqual([...PointTypes].sort());
  });

  it('never carries an internal comment, of the inspection or of a point', async () => {
    const internal = await t.db.selectFrom('inspection_point_results').select(['inspection_id', 'internal_comment']).where('internal_comment', 'is not', null).execute();
    expect(internal.length).toBeGreaterThan(0);
    for (const r of reports) {
      const json = JSON.stringify(await load(r.id));
      expect(json).not.toContain('Quote spare parts to the customer.');
      expect(json).not.toContain('Customer is interested in a service agreement.');
      expect(json).not.toMatch(/internal/i);
    }
  });

  it('resolves point names and descriptions in the language asked for, English where no translation exists', async () => {
    const grizzly = await pointId('Feeder grizzly bars condition');
    const report = (await t.db.selectFrom('inspection_point_results as r').innerJoin('inspections as i', 'i.id', 'r.inspection_id').select('r.inspection_id')
      .where('r.inspection_point_id', '=', grizzly).where('i.status', '=', 'Finished').where('i.deleted_at', 'is', null).executeTakeFirstOrThrow()).inspection_id;
    // The demo translates every point (issue 19): take two translations away to see the English fallback.
    const css = await pointId('Crusher setting (CSS)');
    await t.db.deleteFrom('inspection_point_translations').where('inspection_point_id', '=', css).where('language_id', '=', 'fi').where('kind', '=', 'Name').execute();
    await t.db.deleteFrom('inspection_point_translations').where('inspection_point_id', '=', grizzly).where('language_id', '=', 'de').where('kind', '=', 'Description').execute();
    const fi = points(await load(report, 'fi'));
    expect(fi.find((p) => p.name === 'Syöttimen välpän kunto')?.description).toBe('Tarkista välppäraudat kulumisen, halkeamien ja löysien pulttien varalta.');
    expect(fi.some((p) => p.name === 'Crusher setting (CSS)')).toBe(true);
    const de = points(await load(report, 'de'));
    expect(de.find((p) => p.name === 'Zustand der Rostsiebstäbe')?.description).toBe('Check the grizzly bars for wear, cracks and loose bolts.');
  });

  it('leaves out points hidden from reports and findings not marked show', async () => {
    const daily = reports.filter((r) => r.type === 'Daily');
    for (const r of daily) expect(points(await load(r.id)).some((p) => p.name === 'Track tension')).toBe(false);
    const hidden = await t.db.selectFrom('inspection_findings').select(['inspection_id', 'title']).where('show', '=', false)
      .where('inspection_id', 'in', reports.map((r) => r.id)).execute();
    expect(hidden.length).toBeGreaterThan(0);
    for (const f of hidden) {
      const shown = await t.db.selectFrom('inspection_findings').select('id').where('inspection_id', '=', f.inspection_id).where('show', '=', true).execute();
      expect((await load(f.inspection_id)).findings.map((x) => x.id).sort()).toEqual(shown.map((x) => x.id).sort());
    }
  });

  it('answers null for a missing or deleted inspection', async () => {
    expect(await loadReportData(t.db, crypto.randomUUID(), 'en')).toBeNull();
    const deleted = await t.db.selectFrom('inspections').select('id').where('deleted_at', 'is not', null).executeTakeFirstOrThrow();
    expect(await loadReportData(t.db, deleted.id, 'en')).toBeNull();
  });

  it("takes a model's limits over its family's", async () => {
    const oil = await pointId('Hydraulic oil temperature');
    const row = await t.db.selectFrom('inspection_point_results as r').innerJoin('inspections as i', 'i.id', 'r.inspection_id')
      .select(['r.id as resultId', 'i.id', 'i.product_model_id']).where('r.inspection_point_id', '=', oil).where('i.audit_id', 'is', null).where('i.deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    // A result written before issue 9 recorded no limits: the library's apply (a recorded one keeps its own).
    await t.db.updateTable('inspection_point_results').set({ content: sql`content - 'limits'` }).where('id', '=', row.resultId).execute();
    const before = points(await load(row.id)).find((p) => p.name === 'Hydraulic oil temperature')!;
    expect(before.limits).toMatchObject({ criticalLow: 20, low: 32 });
    await t.db.insertInto('measurement_limits').values({ inspection_point_id: oil, product_model_id: row.product_model_id, critical_low: 1, low: 2, high: 3, critical_high: null }).execute();
    const after = points(await load(row.id)).find((p) => p.name === 'Hydraulic oil temperature')!;
    expect(after.limits).toEqual({ criticalLow: 1, low: 2, high: 3, criticalHigh: null });
  });
});

describe('history of a measured point on the same equipment', () => {
  let report: (typeof reports)[number];
  let pid: string;
  const add = async (daysBefore: number, value: string, extra: { company_id?: string | null; deleted?: boolean } = {}) => {
    const i = await t.db.insertInto('inspections').values({
      name: 'History', type: 'Daily', equipment_id: report.equipment_id, company_id: extra.company_id ?? report.company_id,
      inspection_date: new Date(report.inspection_date.getTime() - daysBefore * DAY), deleted_at: extra.deleted ? new Date() : null,
    }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('inspection_point_results').values({ inspection_id: i.id, inspection_point_id: pid, value, rating: 0 }).execute();
  };

  beforeAll(async () => {
    pid = await pointId('Crusher setting (CSS)');
    await t.db.updateTable('inspection_points').set({ visualization_type: 'LineChart', life_estimate_type: 'Max' }).where('id', '=', pid).execute();
    const candidates = await t.db.selectFrom('inspection_point_results as r').innerJoin('inspections as i', 'i.id', 'r.inspection_id')
      .select('i.id').where('r.inspection_point_id', '=', pid).where('r.value', 'is not', null).where('i.company_id', 'is not', null)
      .where('i.audit_id', 'is', null).where('i.deleted_at', 'is', null).execute();
    report = reports.find((r) => candidates.some((c) => c.id === r.id))!;
    // Nothing else on this machine, so the test owns its whole history.
    await t.db.updateTable('inspections').set({ equipment_id: null }).where('equipment_id', '=', report.equipment_id).where('id', '!=', report.id).execute();
    const other = await t.db.insertInto('companies').values({ name: 'Other Co' }).returning('id').executeTakeFirstOrThrow();
    await add(90, '30');
    await add(60, '31,5');
    await add(30, '33');
    await add(10, '99', { deleted: true });
    await add(5, '98', { company_id: other.id });
    await add(-5, '97');
  });

  it('shows the latest earlier live value of the same company as previous, and the dated series up to this inspection', async () => {
    const css = points(await load(report.id)).find((p) => p.name === 'Crusher setting (CSS)')!;
    const current = (await resultOf(report.id, pid))!.value;
    expect(css.previous).toMatchObject({ value: '33', date: report.inspection_date.getTime() - 30 * DAY });
    expect(css.trend?.lifeEstimateType).toBe('Max');
    expect(css.trend?.series).toHaveLength(1);
    expect(css.trend!.series[0].points).toEqual([
      { date: report.inspection_date.getTime() - 90 * DAY, value: 30 },
      { date: report.inspection_date.getTime() - 60 * DAY, value: 31.5 },
      { date: report.inspection_date.getTime() - 30 * DAY, value: 33 },
      { date: report.inspection_date.getTime(), value: Number(current!.replace(',', '.')) },
    ]);
  });

  it("a staff report draws on every company's inspections of the machine", async () => {
    await t.db.updateTable('inspections').set({ company_id: null }).where('id', '=', report.id).execute();
    const css = points(await load(report.id)).find((p) => p.name === 'Crusher setting (CSS)')!;
    expect(css.previous?.value).toBe('98');
  });
});

describe('query count', () => {
  it('stays the same when a report grows five-fold (no query per point), at most 20', async () => {
    let queries = 0;
    const counting: KyselyPlugin = { transformQuery: (a) => ((queries += 1), a.node), transformResult: async (a) => a.result };
    const db = t.db.withPlugin(counting);
    const biggest = await t.db.selectFrom('inspection_point_results').select(['inspection_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('inspection_id', 'in', reports.map((r) => r.id)).groupBy('inspection_id').orderBy('n', 'desc').executeTakeFirstOrThrow();
    const count = async () => {
      queries = 0;
      const d = await loadReportData(db, biggest.inspection_id, 'fi');
      return { queries, points: points(d!).length };
    };
    const before = await count();
    const rows = await t.db.selectFrom('inspection_point_results').selectAll().where('inspection_id', '=', biggest.inspection_id).execute();
    for (let k = 0; k < 4; k++) {
      await t.db.insertInto('inspection_point_results')
        .values(rows.map(({ id: _id, created_at: _c, updated_at: _u, ...r }) => ({ ...r, content: JSON.stringify(r.content) })))
        .execute();
    }
    const after = await count();
    expect(after.points).toBe(before.points * 5);
    expect(after.queries).toBe(before.queries);
    expect(after.queries).toBeLessThanOrEqual(20);
  });
});
