import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'kysely';
import { ZProtocolListQuery } from '@insp/contracts';
import { loadProtocolExportData } from '@insp/db';
import { protocolExportKey } from '@insp/report';
import { buildProtocolWorkbook, protocolsExport } from '../services/worker/src/jobs/protocols.export.js';
import type { JobDeps } from '../services/worker/src/types.js';
import { createTestApp } from '../services/api/src/testing/test-app.js';
import { seedEditFixtures } from '../services/api/src/domains/inspections/inspection-edit.fixtures.test-helpers.js';
import { firstTargets, protocolSearch, searchProtocols } from '../services/api/src/domains/protocols/protocols-read.service.js';
import { fitQuery, protocolsByFit } from '../services/api/src/domains/protocols/protocols-fit.service.js';
import { pageQuery, DEFAULT_COUNT_LIMIT } from '../services/api/src/lib/list.js';
import type { ServiceContext } from '../services/api/src/context.js';
import { storageOf } from '../services/api/src/lib/storage.js';
import { timeRuns as time } from './stats.js';
import { adminServiceContext } from './service-context.js';

const PROTOCOLS = Number(process.env.BENCH_PROTOCOLS ?? 5000);
const EXPORT_POINTS = 500;

/**
 * Protocols (issue 10) on PostgreSQL with BENCH_PROTOCOLS protocols (default 5 000; one in ten has a superseded
 * version, a few are Custom or deleted; 1-5 targets each): GET InspectionProtocols/search (budget p95 < 20 ms) and
 * sortedByFit (< 10 ms) through their services, each beside the same SQL run directly over one pg connection; and
 * the Excel export of a 500-point protocol through the worker's job function (< 1 s) beside its loading SQL.
 */
export default async function protocolsBench() {
  const t = await createTestApp();
  const raw = new pg.Client({ connectionString: t.database.url });
  await raw.connect();
  try {
    const f = await seedEditFixtures(t);
    const ctx = await adminServiceContext(t);
    const { jaw, cone } = f.ref;
    // 50 product families of 3 models (the fixture's 3 and 47 more): protocols spread over them as in a real catalogue.
    await sql`insert into product_families (name, long_name, product_category_id)
      select 'Bench family ' || n, 'Bench family ' || n, ${f.ref.categories.crushers.id} from generate_series(1, 47) n`.execute(t.db);
    await sql`insert into product_models (name, product_family_id)
      select f.name || ' M' || k, f.id from product_families f, generate_series(1, 3) k where f.name like 'Bench family %'`.execute(t.db);
    const families = (await t.db.selectFrom('product_families').select('id').orderBy('name').execute()).map((r) => r.id);
    const started = performance.now();
    // Set-based load: names 'Protocol {n} {type}', one a minute apart; every tenth also has a superseded version; 1-5
    // targets each (a family, a third of them with a model of it), site audits none.
    await sql`insert into protocols (name, type, created_at, created_by_user_id, deleted_at)
      select 'Protocol ' || n || ' ' || (array['Daily','Weekly','Monthly','Annual','Commission','Audit_Site','Closed','Custom'])[1 + n % 8],
             (array['Daily','Weekly','Monthly','Annual','Commission','Audit_Site','Closed','Custom'])[1 + n % 8],
             now() - (n || ' minutes')::interval, ${ctx.actor!.userId}, case when n % 97 = 0 then now() end
      from generate_series(1, ${PROTOCOLS}) n`.execute(t.db);
    await sql`insert into protocols (name, type, created_at, version, root_protocol_id, superseded_at)
      select p.name, p.type, p.created_at, 0, p.id, now() from protocols p where p.name like 'Protocol %0 %'`.execute(t.db);
    await sql`insert into protocol_targets (protocol_id, product_family_id, product_model_id)
      select p.id, (${sql.val(families)}::uuid[])[1 + (k * 7 + abs(hashtext(p.id::text))) % ${families.length}], null
      from protocols p, generate_series(0, abs(hashtext(p.id::text)) % 5) k where p.type <> 'Audit_Site'`.execute(t.db);
    await sql`update protocol_targets t set product_model_id = (select m.id from product_models m where m.product_family_id = t.product_family_id order by m.name limit 1)
      where abs(hashtext(t.id::text)) % 3 = 0`.execute(t.db);
    await sql`analyze`.execute(t.db);
    console.log({ protocols: PROTOCOLS, families: families.length, targets: Number((await sql<{ n: string }>`select count(*) as n from protocol_targets`.execute(t.db)).rows[0]!.n), loadSeconds: +((performance.now() - started) / 1000).toFixed(1) });

    const searches: Array<{ name: string; q: Record<string, unknown> }> = [
      { name: 'first page (created desc)', q: {} },
      { name: "search 'protocol 12'", q: { search: 'protocol 12' } },
      { name: 'types Daily,Weekly, page 3', q: { types: ['Daily', 'Weekly'], offset: 100 } },
      { name: 'family filter, by name', q: { productFamilyId: cone.id, orderKey: 'name', orderDirection: 'asc' } },
      { name: 'sort by type desc, page 10', q: { orderKey: 'type', orderDirection: 'desc', offset: 450 } },
    ];
    for (const c of searches) {
      const query = ZProtocolListQuery.parse(c.q);
      const { base, spec } = protocolSearch(t.db, query);
      const page = pageQuery(base, query, spec);
      const rowsSql = page.rows.compile();
      const countSql = t.db.selectFrom(page.filtered.clearSelect().clearOrderBy().select(sql`1`.as('one')).limit(DEFAULT_COUNT_LIMIT + 1).as('m')).select(sql`count(*)`.as('n')).compile();
      const first = await searchProtocols(ctx, query);
      const ids = first.result.map((r) => r.id);
      // The targets statement as the service runs it, captured once through a compiling db.
      const targetsSql = await captureFirstTargets(t.db, ids);
      const needsCount = !(first.result.length > 0 && first.result.length < query.amount);
      const runRaw = async () => {
        await raw.query(rowsSql.sql, rowsSql.parameters as unknown[]);
        if (needsCount) await raw.query(countSql.sql, countSql.parameters as unknown[]);
        if (targetsSql) await raw.query(targetsSql.sql, targetsSql.parameters as unknown[]);
      };
      if (process.env.BENCH_EXPLAIN) for (const q of [rowsSql, countSql, ...(targetsSql ? [targetsSql] : [])]) console.log((await raw.query(`explain (analyze, buffers) ${q.sql}`, q.parameters as unknown[])).rows.map((r) => r['QUERY PLAN']).join('\n'));
      const service = await time(() => searchProtocols(ctx, query));
      const direct = await time(runRaw);
      console.log({ case: `search: ${c.name}`, rows: first.result.length, count: first.count, serviceMs: service, rawSqlMs: direct, budgetP95Ms: 20 });
    }

    const fits: Array<{ name: string; q: { type?: 'Daily'; productFamilyId?: string; productModelId?: string; equipmentId?: string } }> = [
      { name: 'type + equipment', q: { type: 'Daily', equipmentId: f.equipment } },
      { name: 'type + model', q: { type: 'Daily', productModelId: jaw.models.JC200! } },
      { name: 'model, every type', q: { productModelId: cone.models.HC300! } },
    ];
    for (const c of fits) {
      const first = await protocolsByFit(ctx, c.q);
      const e = c.q.equipmentId ? await t.db.selectFrom('equipment').select(['product_family_id', 'product_model_id']).where('id', '=', c.q.equipmentId).executeTakeFirstOrThrow() : null;
      const modelId = c.q.productModelId ?? e?.product_model_id ?? null;
      const familyId = c.q.productFamilyId ?? e?.product_family_id ?? (modelId ? (await t.db.selectFrom('product_models').select('product_family_id').where('id', '=', modelId).executeTakeFirstOrThrow()).product_family_id : null);
      const fitSql = fitQuery(t.db, { equipmentId: c.q.equipmentId ?? null, modelId, familyId, type: c.q.type ?? null }).compile();
      if (process.env.BENCH_EXPLAIN) console.log((await raw.query(`explain (analyze, buffers) ${fitSql.sql}`, fitSql.parameters as unknown[])).rows.map((r) => r['QUERY PLAN']).join('\n'));
      const service = await time(() => protocolsByFit(ctx, c.q));
      const direct = await time(() => raw.query(fitSql.sql, fitSql.parameters as unknown[]));
      console.log({ case: `sortedByFit: ${c.name}`, rows: first.length, serviceMs: service, rawSqlMs: direct, budgetP95Ms: 10 });
    }

    // A 500-point protocol in 10 categories, points cycling through the fixture's types; translations for 'fi'.
    const kinds = Object.values(f.points);
    const sections: [string, string[]][] = Array.from({ length: 10 }, (_, c) => [`Category ${c + 1}`, Array.from({ length: EXPORT_POINTS / 10 }, (_, i) => kinds[(c + i) % kinds.length]!)]);
    const big = await f.protocol('Export bench (500 points)', 'Daily', sections, [{ product_family_id: jaw.id }]);
    await t.db.insertInto('inspection_point_translations').values(kinds.map((id, i) => ({ inspection_point_id: id, language_id: 'fi', kind: 'Name', value: `Piste ${i}` }))).execute();
    const data = await loadProtocolExportData(t.db, big.id, 'fi');
    const points = data!.categories.reduce((n, c) => n + c.points.length, 0);
    const storage = storageOf(t.config);
    const deps = { db: t.db, storage, log: { debug() {}, info() {}, warn() {}, error() {} } } as unknown as JobDeps;
    const loadRaw = await captureExportLoad(t.db, big.id);
    const build = await time(async () => {
      const d = await loadProtocolExportData(t.db, big.id, 'fi');
      await buildProtocolWorkbook(d!);
    }, 15);
    const job = await time(async () => {
      // The stored file removed first, so the job loads, builds and stores on every run.
      await storage.delete(protocolExportKey(data!, 'fi'));
      await protocolsExport(deps, { protocolId: big.id, lang: 'fi' }, { attempt: 1 });
    }, 15);
    const direct = await time(async () => {
      for (const s of loadRaw) await raw.query(s.sql, s.parameters as unknown[]);
    }, 15);
    const bytes = await buildProtocolWorkbook(data!);
    console.log({ case: 'export: 500-point protocol', points, xlsxBytes: bytes.length, loadAndBuildMs: build, jobWithStorageMs: job, rawLoadSqlMs: direct, budgetMs: 1000 });
  } finally {
    await raw.end();
    await t.close();
  }
}


type Compiled = { sql: string; parameters: readonly unknown[] };

/** The statements a function runs, recorded as compiled SQL while it runs (a plugin sees every query node). */
async function capture(db: ServiceContext['db'], run: (db: ServiceContext['db']) => Promise<unknown>): Promise<Compiled[]> {
  const seen: Compiled[] = [];
  const executor = db.getExecutor();
  const recording = db.withPlugin({
    transformQuery: (a) => {
      seen.push(executor.compileQuery(a.node, a.queryId));
      return a.node;
    },
    transformResult: async (a) => a.result,
  });
  await run(recording);
  return seen;
}

async function captureFirstTargets(db: ServiceContext['db'], ids: string[]) {
  if (!ids.length) return null;
  return (await capture(db, (d) => firstTargets(d, ids)))[0] ?? null;
}

async function captureExportLoad(db: ServiceContext['db'], id: string) {
  return capture(db, (d) => loadProtocolExportData(d, id, 'fi'));
}
