import { sql, type Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { DB } from '../schema.js';
import { dropSecondaryIndexes, recreateIndexes, type SavedIndex } from './scale-indexes.js';
import { insertReportChunk } from './scale-reports.js';

export interface SeedScaleOptions {
  now?: Date;
  log?: (line: string) => void;
  /** Inspections per INSERT … SELECT statement (default 100 000). */
  chunkSize?: number;
  /**
   * Bulk-load measures: foreign-key triggers off (when allowed) and the secondary indexes of the BULK_TABLES
   * dropped for the load and built again after it. Default by size: triggers off from 50 000 inspections,
   * indexes rebuilt from 50 000 when adding at least as many inspections as there are.
   */
  bulk?: boolean;
}

export interface SeedScaleResult {
  inspections: number;
  customers: number;
  equipment: number;
  audits: number;
  pointResults: number;
  ms: number;
  /** Marks this run's customers (mdm_customer_id 'SCALE-<tag>-<n>'), equipment and contacts. */
  tag: string;
}

/** The tables whose index upkeep dominates a bulk load: a row or more per inspection, and the big proportional ones. */
const BULK_TABLES = ['equipment', 'audits', 'inspections', 'inspection_categories', 'inspection_point_results'];

const REPORT_TYPES = ['Daily', 'Weekly', 'Monthly', 'Quarterly', 'Mid_Year', 'Annual', 'Commissioning', 'Commission', 'Equipment_Configurator'];

/**
 * Adds n report inspections (audit_id null) plus proportional customers (~n/500, one site and contact each),
 * equipment (~n/20) and audits (~n/50, two runs and a suggestion each), with a few point results per
 * inspection. Everything is generated in SQL with INSERT … SELECT FROM generate_series, one statement per chunk
 * (scale-reports.ts), nothing shipped from JS. Needs the demo reference data (seedDemo) first.
 *
 * Runs on one pinned connection (temporary tables live in a session) and in one transaction: a failed or
 * killed run adds nothing. A bulk run (see bulk) drops the secondary indexes of the BULK_TABLES and builds them
 * again before committing (a sort per index instead of a random insert per row and index), so other sessions
 * wait on those tables until it is done. The session commits with synchronous_commit off (a crash could lose
 * the seed, never corrupt anything).
 */
export async function seedScale(db: Kysely<DB>, n: number, opts: SeedScaleOptions = {}): Promise<SeedScaleResult> {
  const log = opts.log ?? (() => {});
  const now = opts.now ?? new Date();
  const chunk = Math.max(1, opts.chunkSize ?? 100_000);
  const t0 = Date.now();
  const nc = Math.max(1, Math.ceil(n / 500));
  const ne = Math.max(1, Math.ceil(n / 20));
  const na = n >= 50 ? Math.ceil(n / 50) : 0;
  const tag = randomBytes(3).toString('hex');
  let pointResults = 0;

  await db.connection().execute(async (c) => {
    const run = (q: ReturnType<typeof sql>) => q.execute(c);
    await run(sql`set synchronous_commit = off`);
    // Bulk loads skip the foreign-key triggers when allowed (superuser): every id below comes from a join on
    // existing rows, so the checks cannot fail, and they are about a third of the insert time.
    let fastLoad = false;
    if (opts.bulk ?? n >= 50_000) {
      fastLoad = await run(sql`set session_replication_role = replica`).then(() => true, () => false);
      log(fastLoad ? '  foreign-key triggers off for the bulk load' : '  not a superuser: foreign-key checks stay on');
    }
    let phase = Date.now();
    const lap = (what: string) => {
      log(`  ${what}: ${Date.now() - phase} ms`);
      phase = Date.now();
    };
    await run(sql`begin`);
    // JIT compiles each big INSERT … SELECT for seconds (the temporary tables' row estimates are far off) to
    // save milliseconds; room to sort a chunk by key in memory.
    await run(sql`set local jit = off`);
    await run(sql`set local work_mem = '256MB'`);
    try {
      await run(sql`create temp table scale_models as
        select row_number() over (order by m.name, m.id)::int as rn, m.id as model_id, m.product_family_id as family_id
        from product_models m`);
      await run(sql`create temp table scale_protocols as
        select row_number() over (order by p.created_at, p.id)::int as rn, p.id, p.name, p.type, c.id as category_id, c.title as category_title
        from protocols p
        join lateral (select id, title from protocol_categories where protocol_id = p.id order by index limit 1) c on true
        where p.deleted_at is null and p.type in (${sql.join(REPORT_TYPES)})`);
      await run(sql`create temp table scale_people as
        select row_number() over (order by kind desc, email)::int as rn, id as user_id, name, email, company_id
        from users where deleted_at is null and (kind = 'staff' or (password_hash is not null and expires_at > now()))`);
      const counts = (
        await sql<{ nm: number; np: number; npe: number; nstaff: number }>`select (select count(*)::int from scale_models) as nm,
          (select count(*)::int from scale_protocols) as np, (select count(*)::int from scale_people) as npe,
          (select count(*)::int from scale_people where company_id is null) as nstaff`.execute(c)
      ).rows[0];
      if (!counts.nm || !counts.np || !counts.nstaff) {
        throw new Error('seedScale needs the demo reference data (product models, protocols, users): run seedDemo first');
      }
      // Staff sort first (kind desc), so rn 1..nstaff are staff: audits are staff-only (hidden from distributors).
      const { nm, np, npe, nstaff } = counts;
      await run(sql`create temp table scale_points as
        select pp.protocol_category_id, pp.id as protocol_point_id, pp.inspection_point_id, pp.index
        from protocol_points pp join scale_protocols p on p.category_id = pp.protocol_category_id where pp.index < 3`);

      log(`scale ${tag}: ${nc} customers, ${ne} equipment, ${n} inspections, ${na} audits`);
      const existing = (await sql<{ n: number }>`select count(*)::int as n from inspections`.execute(c)).rows[0].n;
      let saved: SavedIndex[] = [];
      if (opts.bulk ?? (n >= 50_000 && n >= existing)) {
        // Room to sort each index build in memory (the trigram index most of all), and more workers for the
        // btree builds (measured ~30% faster on 2 busy cores); this transaction only.
        await run(sql`set local maintenance_work_mem = '512MB'`);
        await run(sql`set local max_parallel_maintenance_workers = 4`);
        saved = await dropSecondaryIndexes(c, BULK_TABLES);
        log(`  ${saved.length} secondary indexes of ${BULK_TABLES.join(', ')} dropped, built again after the load`);
      }
      lap('reference rows read');
      await run(sql`create temp table scale_customers as
        select g, gen_random_uuid() as id, gen_random_uuid() as site_id, ${'Scale customer ' + tag + ' '}::text || g as name,
          'Quarry ' || g as site_name
        from generate_series(1, ${nc}::int) g`);
      await run(sql`create unique index on scale_customers (g)`);
      await run(sql`insert into customers (id, name, english_name, mdm_customer_id)
        select id, name, name, ${'SCALE-' + tag + '-'}::text || g from scale_customers`);
      await run(sql`insert into customer_sites (id, customer_id, name, mdm_type, country)
        select site_id, id, site_name, 'Quarry', 'FI' from scale_customers`);
      await run(sql`insert into contacts (customer_id, customer_site_id, name, email, phone_number)
        select id, site_id, 'Contact ' || g, ${'contact.' + tag + '.'}::text || g || '@customer.example', '+358 40 ' || lpad(g::text, 7, '0')
        from scale_customers`);

      await run(sql`create temp table scale_equipment as
        select g, gen_random_uuid() as id, 1 + (g % ${nc}::int) as cg, 1 + (g % ${nm}::int) as mg,
          ${'SC' + tag.toUpperCase() + '-'}::text || lpad(g::text, 7, '0') as serial, 'Unit ' || g as nick
        from generate_series(1, ${ne}::int) g`);
      await run(sql`create unique index on scale_equipment (g)`);
      await run(sql`insert into equipment (id, serial_number, nick_name, mdm_equipment_id, product_family_id, product_model_id, customer_id, customer_site_id)
        select e.id, e.serial, e.nick, 'MDM-' || e.serial, m.family_id, m.model_id, c.id, c.site_id
        from scale_equipment e join scale_models m on m.rn = e.mg join scale_customers c on c.g = e.cg`);
      await run(sql`analyze scale_customers`);
      await run(sql`analyze scale_equipment`);
      lap('customers and equipment');

      for (let start = 1; start <= n; start += chunk) {
        const end = Math.min(n, start + chunk - 1);
        const tChunk = Date.now();
        pointResults += await insertReportChunk(c, { start, end, now, ne, np, npe, nstaff });
        const secs = (Date.now() - t0) / 1000;
        log(`  inspections ${end}/${n} (${Math.round(end / secs)}/s overall; chunk with categories and results: ${Date.now() - tChunk} ms)`);
      }
      lap('inspections, categories and point results');

      if (na > 0) {
        const site = await sql<{ id: string; name: string }>`select id, name from protocols where type = 'Audit_Site' and deleted_at is null order by created_at limit 1`.execute(c);
        const machine = await sql<{ id: string; name: string }>`select id, name from protocols where type = 'Audit_Machine' and deleted_at is null order by created_at limit 1`.execute(c);
        await run(sql`create temp table scale_audits as
          select g, gen_random_uuid() as id, 1 + (g % ${nc}::int) as cg,
            ${now}::timestamptz - make_interval(days => ((g::bigint * 613) % 1095)::int) as at
          from generate_series(1, ${na}::int) g`);
        await run(sql`insert into audits (id, name, customer_id, customer_site_id, inspection_date, inspector, inspector_contact, inspector_user_id,
            created_by_user_id, finished, finished_at, summary, search_text, created_at, updated_at)
          select a.id, 'Audit ' || c.name || ' ' || a.g, c.id, c.site_id, a.at, pe.name, pe.email, pe.user_id, pe.user_id,
            a.g % 3 <> 0, case when a.g % 3 <> 0 then a.at + interval '2 days' end, '',
            -- search_text as the application writes it (repositories/search-text.ts): name, customer, site, inspector
            search_fold(concat_ws(' ', 'Audit ' || c.name || ' ' || a.g, c.name, c.site_name, pe.name)), a.at, a.at
          from scale_audits a join scale_customers c on c.g = a.cg
          join scale_people pe on pe.rn = 1 + ((a.g * 3) % ${nstaff}::int)`);
        await run(sql`insert into audit_suggestions (audit_id, type, text, position)
          select id, (array['OptimizationTarget', 'ShortTerm', 'LongTerm'])[1 + g % 3], 'Suggestion ' || g, 0 from scale_audits`);
        const runs: [string, string, string | null, number][] = [];
        if (site.rows[0]) runs.push([site.rows[0].id, 'Audit_Site', null, 0]);
        if (machine.rows[0]) runs.push([machine.rows[0].id, 'Audit_Machine', 'stage_1', 1]);
        for (const [protocolId, kind, stage, runIndex] of runs) {
          await run(sql`insert into inspections (name, type, status, finished, protocol_id, customer_id, customer_site_id, equipment_id, serial_number,
              nick_name, product_family_id, product_model_id, inspector, inspector_contact, inspector_user_id, created_by_user_id, inspection_date,
              audit_id, stage, protocol_run_type, run_index, search_text, created_at, updated_at)
            select p.name, ${kind}::text, case when au.finished then 'Finished' else 'In_Use' end, au.finished, p.id, au.customer_id, au.customer_site_id,
              ${stage ? sql`e.id` : sql`null`}, ${stage ? sql`e.serial` : sql`null`}, ${stage ? sql`e.nick` : sql`null`},
              ${stage ? sql`m.family_id` : sql`null`}, ${stage ? sql`m.model_id` : sql`null`},
              au.inspector, au.inspector_contact, au.inspector_user_id, au.created_by_user_id, au.inspection_date,
              au.id, ${stage}::text, ${stage ? `${kind}:${stage}` : kind}::text, ${runIndex}::int,
              search_fold(concat_ws(' ', p.name, ${stage ? sql`e.serial` : sql`null`}, ${stage ? sql`e.nick` : sql`null`}, c.name, c.site_name, au.inspector)),
              au.created_at, au.created_at
            from scale_audits a join audits au on au.id = a.id join scale_customers c on c.g = a.cg
            join protocols p on p.id = ${protocolId}::uuid
            join scale_equipment e on e.g = 1 + (a.g % ${ne}::int)
            join scale_models m on m.rn = e.mg`);
        }
        lap(`audits ${na} with ${runs.length} runs each`);
      }
      if (saved.length) {
        await recreateIndexes(c, saved, log);
        lap(`${saved.length} indexes built`);
      }

      // The list counters' trigger does not fire while triggers are off: recount once after the bulk load.
      await run(sql`select refresh_inspection_counts()`);
      lap('report list counters refreshed');
      for (const t of ['customers', 'equipment', 'inspections', 'inspection_categories', 'inspection_point_results', 'audits']) {
        await run(sql`analyze ${sql.table(t)}`);
      }
      lap('analyze');
      await run(sql`commit`);
      lap('commit');
    } catch (e) {
      await run(sql`rollback`);
      throw e;
    } finally {
      // Temporary tables live as long as the session, and the pool reuses it: always drop them.
      for (const t of ['scale_audits', 'scale_equipment', 'scale_customers', 'scale_points', 'scale_people', 'scale_protocols', 'scale_models']) {
        await run(sql`drop table if exists ${sql.table(t)}`);
      }
      if (fastLoad) await run(sql`reset session_replication_role`);
      await run(sql`reset synchronous_commit`);
    }
  });

  const ms = Date.now() - t0;
  log(`scale ${tag}: done in ${(ms / 1000).toFixed(1)} s`);
  return { inspections: n, customers: nc, equipment: ne, audits: na, pointResults, ms, tag };
}
