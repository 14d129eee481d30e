import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'kysely';
import type { TInspectionPointListQuery } from '@insp/contracts';
import { createTestApp } from '../services/api/src/testing/test-app.js';
import { seedEditFixtures } from '../services/api/src/domains/inspections/inspection-edit.fixtures.test-helpers.js';
import { getPoint, listPoints } from '../services/api/src/domains/inspection-points/inspection-points-read.service.js';
import { timeRuns as time } from './stats.js';
import { adminServiceContext } from './service-context.js';

const POINTS = Number(process.env.BENCH_POINTS ?? 5000);

/**
 * The point list (issue 9: "5,000 points stay smooth") on PostgreSQL with BENCH_POINTS points (default 5 000; a
 * third restricted to a family, a fifth to a protocol type, half translated to Finnish): pages of GET
 * inspectionPoints/list through the service (page, count, family names and language tags) beside the bare page
 * statement over one pg connection; and one point's read (GET {id}?fromWebApp=true) of the demo's biggest kinds.
 */
export default async function inspectionPointsBench() {
  const t = await createTestApp();
  const raw = new pg.Client({ connectionString: t.database.url });
  await raw.connect();
  try {
    const f = await seedEditFixtures(t);
    const ctx = await adminServiceContext(t);
    const category = f.ref.categories.crushers.id;
    const words = ['bearing', 'liner', 'belt', 'hydraulic', 'screen', 'mesh', 'engine', 'track', 'feeder', 'jaw', 'mantle', 'conveyor'];
    const types = ['Comment', 'Measurement', 'RadioButtonSelection', 'MultipleChoices', 'Dropdown', 'SummaryWithRows'];
    const started = performance.now();
    await sql`insert into inspection_points (type, name, product_category_id)
      select (${sql.val(types)}::text[])[1 + n % ${types.length}],
             initcap((${sql.val(words)}::text[])[1 + n % ${words.length}]) || ' ' || (${sql.val(words)}::text[])[1 + (n / 7) % ${words.length}] || ' check ' || n,
             ${category}
      from generate_series(1, ${POINTS}) n`.execute(t.db);
    await sql`insert into inspection_point_metas (inspection_point_id, type, value)
      select p.id, 'ProductFamily', (case when abs(hashtext(p.id::text)) % 2 = 0 then ${f.ref.jaw.id} else ${f.ref.cone.id} end)::text
      from inspection_points p where abs(hashtext(p.name)) % 3 = 0`.execute(t.db);
    await sql`insert into inspection_point_metas (inspection_point_id, type, value)
      select p.id, 'ProtocolType', 'Daily' from inspection_points p where abs(hashtext(p.name)) % 5 = 0`.execute(t.db);
    await sql`insert into inspection_point_translations (inspection_point_id, language_id, kind, value)
      select p.id, 'fi', 'Name', 'Tarkistus ' || p.name from inspection_points p where abs(hashtext(p.name)) % 2 = 0`.execute(t.db);
    await sql`analyze`.execute(t.db);
    console.log({ points: POINTS, loadSeconds: +((performance.now() - started) / 1000).toFixed(1) });

    const cases: Array<{ name: string; q: TInspectionPointListQuery }> = [
      { name: 'first page (200 by name)', q: {} },
      { name: 'page 10', q: { offset: 1800 } },
      { name: "search 'bearing'", q: { search: 'bearing' } },
      { name: "search 'belt check 12'", q: { search: 'belt check 12' } },
      { name: 'type Daily + family', q: { type: 'Daily', productFamilyIds: f.ref.jaw.id } },
    ];
    // The limit each case is compared with: the bare page of live points by name (the index order), no joins.
    const bare = `select p.id, p.name, p.type from inspection_points p where p.deleted_at is null order by p.name, p.id limit 200 offset $1`;
    for (const c of cases) {
      const first = await listPoints(ctx, c.q);
      const service = await time(() => listPoints(ctx, c.q));
      const direct = await time(() => raw.query(bare, [c.q.offset ?? 0]));
      console.log({ case: `list: ${c.name}`, rows: first.result.length, count: first.count, serviceMs: service, barePageSqlMs: direct });
    }
    for (const [kind, id] of Object.entries(f.points)) {
      const one = await time(() => getPoint(ctx, id as string), 100);
      console.log({ case: `get: ${kind}`, serviceMs: one });
    }
  } finally {
    await raw.end();
    await t.close();
  }
}

