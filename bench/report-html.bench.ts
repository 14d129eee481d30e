import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createTestDatabase } from '@insp/db/testing';
import { seedDemo } from '@insp/db/seed';
import { loadReportData, type Db } from '@insp/db';
import { renderReportHtml } from '@insp/report';
import { summarize } from './stats.js';

const POINTS = 100;
const HISTORY = 8;
const DAY = 86_400_000;

/**
 * An inspection of 100 points in 10 categories, made of the demo's results of every type (with their photos),
 * on a machine with 8 earlier inspections of the same measured points (so previous values and trends load),
 * the LineChart points' trends included. Returns its id.
 */
async function hundredPointReport(db: Db): Promise<string> {
  const base = await db.selectFrom('inspections').selectAll().where('audit_id', 'is', null).where('deleted_at', 'is', null)
    .where('type', '=', 'Weekly').where('status', '=', 'Finished').executeTakeFirstOrThrow();
  const { id: _id, created_at: _c, updated_at: _u, ...copy } = base;
  const insert = async (daysBefore: number) => (await db.insertInto('inspections')
    .values({ ...copy, equipment_configurator: JSON.stringify(copy.equipment_configurator), inspection_date: new Date(Date.now() - daysBefore * DAY) })
    .returning('id').executeTakeFirstOrThrow()).id;
  const id = await insert(0);
  const categories = await db.insertInto('inspection_categories')
    .values(Array.from({ length: 10 }, (_, index) => ({ inspection_id: id, index, title: `Category ${index + 1}` }))).returning('id').execute();
  const source = await db.selectFrom('inspection_point_results as r').innerJoin('inspections as i', 'i.id', 'r.inspection_id')
    .leftJoin('protocol_points as pp', 'pp.id', 'r.protocol_point_id').selectAll('r')
    .where('i.audit_id', 'is', null).where('i.status', '=', 'Finished').where('r.extra_point_id', 'is', null)
    .where((eb) => eb.or([eb('pp.show_in_report', 'is', null), eb('pp.show_in_report', '=', true)]))
    .orderBy('r.id').limit(POINTS).execute();
  const copies = await db.insertInto('inspection_point_results')
    .values(source.map(({ id: _r, created_at: _a, updated_at: _b, ...r }, k) => ({
      ...r, inspection_id: id, inspection_category_id: categories[k % 10].id, index: k, content: JSON.stringify(r.content),
    })))
    .returning('id').execute();
  await sql`insert into inspection_result_photos (result_id, image_id, caption, layout, position)
    select n.id, p.image_id, p.caption, p.layout, p.position
    from unnest(${source.map((s) => s.id)}::uuid[], ${copies.map((c) => c.id)}::uuid[]) as m(old_id, new_id)
    join inspection_result_photos p on p.result_id = m.old_id join inspection_point_results n on n.id = m.new_id`.execute(db);
  await db.updateTable('inspection_points').set({ visualization_type: 'LineChart', life_estimate_type: 'Min' })
    .where('type', '=', 'Measurement').where('name', '=', 'Crusher setting (CSS)').execute();
  for (let h = 1; h <= HISTORY; h++) {
    const earlier = await insert(h * 30);
    await db.insertInto('inspection_point_results')
      .values(source.map(({ id: _r, created_at: _a, updated_at: _b, inspection_category_id: _k, ...r }) => ({ ...r, inspection_id: earlier, content: JSON.stringify(r.content) })))
      .execute();
  }
  return id;
}

/** Loading (database) and rendering (React to HTML) of a 100-point report, measured apart; budget 100 ms for both. */
export default async function reportHtmlBench() {
  const database = await createTestDatabase();
  try {
    await seedDemo(database.db, { putFile: async () => {} });
    const id = await hundredPointReport(database.db);
    const imageUrl = (img: string) => `/api/v1/images/${img}/file`;
    const load: number[] = [];
    const render: number[] = [];
    const both: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 330; i++) {
      const lang = i % 2 ? 'fi' : 'en';
      const t0 = performance.now();
      const data = (await loadReportData(database.db, id, lang))!;
      const t1 = performance.now();
      const html = renderReportHtml(data, { lang, imageUrl });
      const t2 = performance.now();
      if (i < 30) continue; // warm-up: JIT, connection pool, PostgreSQL caches
      load.push(t1 - t0);
      render.push(t2 - t1);
      both.push(t2 - t0);
      bytes = html.length;
    }
    const data = (await loadReportData(database.db, id, 'en'))!;
    const points = data.categories.reduce((n, c) => n + c.points.length, 0);
    const total = summarize(both);
    console.log({
      react: process.env.NODE_ENV === 'production' ? 'production build' : 'development build',
      benchmark: `report HTML of one inspection with ${points} points (${HISTORY} earlier inspections of the machine), load + render`,
      loadMs: summarize(load),
      renderMs: summarize(render),
      totalMs: total,
      htmlKiB: Math.round(bytes / 1024),
      budget: total.p95 < 100 ? 'p95 under 100 ms: ok' : 'p95 OVER 100 ms',
    });
  } finally {
    await database.destroy();
  }
}
