import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { verify } from '@node-rs/argon2';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { canonicalTimeZone } from '@insp/contracts';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { openDatabase, type DbHandle } from '../client.js';
import { migrateToLatest } from '../migrator.js';
import { loadReportData } from '../repositories/report-data.js';
import { seedDemo, seedScale, DISTRIBUTOR_PASSWORD } from './index.js';
import { expectForeignKeysValid, expectProportionalRows, expectReportsListConsistent, expectReportsOfRun, expectSearchTextAsWritten, snapshot } from './scale-checks.test-helpers.js';

const POINT_TYPES = [
  'Comment', 'Measurement', 'Summary', 'SummaryWithRows', 'MeasurementsWithPicture', 'RadioButtonSelection',
  'RadioButtonSelectionAndRangeValues', 'RangeValues', 'MultipleChoices', 'MultipleChoicesAndRangeValues', 'Dropdown',
];

describe('demo and scale seed', () => {
  let t: TestDatabase;
  const files = new Map<string, { bytes: Uint8Array; contentType: string }>();
  const putFile = async (key: string, bytes: Uint8Array, contentType: string) => {
    files.set(key, { bytes, contentType });
  };
  const count = async (q: ReturnType<typeof sql<{ n: number }>>) => (await q.execute(t.db)).rows[0].n;

  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it('seeds the demo once: the second call is a no-op', async () => {
    expect(await seedDemo(t.db, { putFile })).toBe(true);
    const inspections = await count(sql`select count(*)::int as n from inspections`);
    const stored = files.size;
    expect(await seedDemo(t.db, { putFile })).toBe(false);
    expect(await count(sql`select count(*)::int as n from inspections`)).toBe(inspections);
    expect(files.size).toBe(stored);
  }, 120_000);

  it('creates the fixed staff sign-ins and their development identity-provider accounts', async () => {
    const staff = await t.db.selectFrom('users').select(['email', 'idp_groups', 'account_flags']).where('kind', '=', 'staff').orderBy('email').execute();
    expect(staff).toEqual([
      { email: 'admin@company.example', idp_groups: ['admin'], account_flags: ['Developer', 'CertificationManager'] },
      { email: 'inspector@company.example', idp_groups: ['inspection'], account_flags: ['Rater'] },
      { email: 'manager@company.example', idp_groups: ['manager'], account_flags: [] },
    ]);
    const idp = await t.db.selectFrom('dev_idp_accounts').select(['email', 'groups']).orderBy('email').execute();
    expect(idp).toEqual(staff.map((s) => ({ email: s.email, groups: s.idp_groups })));
  });

  it('creates the distributor sign-ins with verifiable argon2 hashes, valid for a year', async () => {
    const rows = await t.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select(['users.email', 'users.distributor_admin', 'users.password_hash', 'users.expires_at', 'companies.name as company'])
      .where('users.email', 'in', ['dist.admin@distributor.example', 'dist.user@distributor.example'])
      .orderBy('users.email')
      .execute();
    expect(rows.map((r) => [r.email, r.distributor_admin, r.company])).toEqual([
      ['dist.admin@distributor.example', true, 'Nordic Distribution Oy'],
      ['dist.user@distributor.example', false, 'Nordic Distribution Oy'],
    ]);
    for (const r of rows) {
      expect(await verify(r.password_hash!, DISTRIBUTOR_PASSWORD)).toBe(true);
      expect(await verify(r.password_hash!, 'wrong-Password-1')).toBe(false);
      const days = (r.expires_at!.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(360);
      expect(days).toBeLessThan(367);
    }
  });

  it('has reports in every status, some by the distributor, with results, photos and findings', async () => {
    const byStatus = (await sql<{ status: string; n: number; dist: number }>`select status, count(*)::int as n, count(company_id)::int as dist
      from inspections where audit_id is null and deleted_at is null group by status order by status`.execute(t.db)).rows;
    expect(byStatus.map((r) => r.status)).toEqual(['Finished', 'In_Use', 'Waiting']);
    for (const r of byStatus) expect(r.dist).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from inspections where company_id is null and audit_id is null`)).toBeGreaterThan(
      await count(sql`select count(*)::int as n from inspections where company_id is not null`),
    );
    expect(await count(sql`select count(*)::int as n from inspection_point_results`)).toBeGreaterThan(100);
    expect(await count(sql`select count(*)::int as n from inspection_result_photos`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from inspection_findings`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from inspections where search_text = ''`)).toBe(0);
  });

  it('seeds German and Finnish for the report texts: a demo report in German prints its categories, options, choices, dropdowns and tables in German (issue 19)', async () => {
    const ids = (await sql<{ id: string }>`select id from inspections where finished and deleted_at is null and type not like 'Audit%' order by inspection_date desc limit 12`.execute(t.db)).rows.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    const points = (d: NonNullable<Awaited<ReturnType<typeof loadReportData>>>) => d.categories.flatMap((c) => c.points);
    for (const id of ids) {
      const [en, de, fi] = await Promise.all(['en', 'de', 'fi'].map((l) => loadReportData(t.db, id, l)));
      // every category title, option, choice, dropdown and table title differs from English, in both languages
      const texts = (d: typeof en) => [
        ...d!.categories.filter((c) => c.points.length).map((c) => c.title),
        ...points(d!).flatMap((p) => [...p.options, p.measurementTitle ?? '', ...(p.table ? [p.table.fieldTitle ?? '', ...p.table.fields.map((f) => f.title), ...p.table.rows.map((r) => r.title)] : [])]),
        ...points(d!).flatMap((p) => [...p.multipleChoices.flatMap((m) => [m.title, ...m.options.map((o) => o.title)]), ...p.dropdowns.flatMap((x) => [x.title, ...x.selected.map((o) => o.title)]), ...p.rangeValues.map((r) => r.title)]),
        ...points(d!).flatMap((p) => p.trend?.series.map((x) => x.name) ?? []),
      ];
      const english = texts(en);
      for (const other of [de, fi]) {
        const translated = texts(other);
        expect(translated).toHaveLength(english.length);
        translated.forEach((text, i) => { if (english[i] && english[i] !== 'OK' && english[i] !== 'CSS') expect(text, english[i]).not.toBe(english[i]); });
      }
    }
  });

  it('records on finished inspections\' results what the API records (option names, limits, title, unit, table), so later library edits change no report', async () => {
    const results = (await sql<{ inspection_id: string; type: string; content: Record<string, unknown> }>`select r.inspection_id, p.type, r.content
      from inspection_point_results r join inspection_points p on p.id = r.inspection_point_id join inspections i on i.id = r.inspection_id
      where i.finished and i.deleted_at is null`.execute(t.db)).rows;
    const keys = (types: string[]) => results.filter((r) => types.includes(r.type)).map((r) => r.content);
    const tables = keys(['Summary', 'SummaryWithRows', 'MeasurementsWithPicture']);
    expect(keys(['RadioButtonSelection']).length).toBeGreaterThan(0);
    for (const c of keys(['RadioButtonSelection', 'RadioButtonSelectionAndRangeValues'])) expect(c.optionNames).toEqual(expect.arrayContaining([expect.any(String)]));
    for (const c of [...keys(['Measurement']), ...tables]) expect(Object.keys(c)).toEqual(expect.arrayContaining(['limits', 'measurementTitle', 'unit']));
    for (const c of tables) expect(c).toMatchObject({ fieldTitle: 'Measurements', fields: expect.any(Array), rows: expect.any(Array) });
    const some = (types: string[]) => results.some((r) => types.includes(r.type) && r.content.limits != null);
    expect(some(['Measurement']) && some(['Summary', 'SummaryWithRows', 'MeasurementsWithPicture'])).toBe(true);
    const reports = [...new Set(results.map((r) => r.inspection_id))];
    const load = () => Promise.all(reports.map((id) => loadReportData(t.db, id, 'en')));
    const before = await load();
    await sql`update option_group_options set name = name || ' (renamed)'`.execute(t.db);
    await sql`update measurement_limits set critical_low = null, low = coalesce(low, 0) - 1, high = coalesce(high, 0) + 1`.execute(t.db);
    await sql`update units set symbol = symbol || ' (new)'`.execute(t.db);
    await sql`update inspection_points set measurement_title = measurement_title || ' (new)', field_title = 'Readings'`.execute(t.db);
    await sql`update inspection_point_fields set title = title || ' (new)'`.execute(t.db);
    await sql`update inspection_point_rows set title = title || ' (new)'`.execute(t.db);
    expect(await load()).toEqual(before);
  });

  it('stores real PNG photos through putFile, with matching images rows', async () => {
    const images = await t.db.selectFrom('images').select(['storage_key', 'size', 'content_type']).execute();
    expect(images.length).toBeGreaterThan(0);
    for (const img of images) {
      const f = files.get(img.storage_key)!;
      expect(f.contentType).toBe('image/png');
      expect(f.bytes.length).toBe(Number(img.size));
      expect([...f.bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    }
    const docs = await t.db.selectFrom('documents').select('storage_key').execute();
    for (const d of docs) expect(files.has(d.storage_key)).toBe(true);
  });

  it('has a point library with every point type and its parts', async () => {
    const types = (await sql<{ type: string }>`select distinct type from inspection_points where deleted_at is null`.execute(t.db)).rows.map((r) => r.type);
    expect(types.sort()).toEqual([...POINT_TYPES].sort());
    for (const table of ['option_group_options', 'range_values', 'multiple_choice_options', 'dropdown_options', 'inspection_point_fields',
      'inspection_point_rows', 'inspection_point_translations', 'inspection_point_metas', 'measurement_limits', 'follow_up_range_values']) {
      expect(await count(sql`select count(*)::int as n from ${sql.table(table)}`), table).toBeGreaterThan(0);
    }
  });

  it('has open and finished audits with runs on several stages and suggestions of every type', async () => {
    const audits = (await sql<{ finished: boolean; n: number }>`select finished, count(*)::int as n from audits group by finished order by finished`.execute(t.db)).rows;
    expect(audits.map((a) => a.finished)).toEqual([false, true]);
    const stages = (await sql<{ stage: string }>`select distinct stage from inspections where audit_id is not null and stage is not null order by stage`.execute(t.db)).rows;
    expect(stages.map((s) => s.stage)).toEqual(['stage_1', 'stage_2', 'stage_3', 'stage_4']);
    const runType = await sql<{ protocol_run_type: string }>`select protocol_run_type from inspections where stage = 'stage_1' and type = 'Audit_Machine' limit 1`.execute(t.db);
    expect(runType.rows[0].protocol_run_type).toBe('Audit_Machine:stage_1');
    const types = (await sql<{ type: string }>`select distinct type from audit_suggestions order by type`.execute(t.db)).rows.map((r) => r.type);
    expect(types).toEqual(['LongTerm', 'OptimizationTarget', 'ShortTerm']);
  });

  it('has the rest of the demo: protocols of several types, documents, certifications (some expired), services and logs', async () => {
    const protocolTypes = (await sql<{ type: string }>`select distinct type from protocols where deleted_at is null`.execute(t.db)).rows.map((r) => r.type);
    for (const type of ['Daily', 'Weekly', 'Annual', 'Commissioning', 'Commission', 'Equipment_Configurator', 'Audit_Site', 'Audit_Site_Operational', 'Audit_Machine']) {
      expect(protocolTypes).toContain(type);
    }
    expect(await count(sql`select count(*)::int as n from languages`)).toBe(7);
    expect(await count(sql`select count(*)::int as n from customers`)).toBe(20);
    expect(await count(sql`select count(*)::int as n from certifications where expiration_date < now()`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from certifications where expiration_date >= now()`)).toBeGreaterThan(0);
    for (const table of ['documents', 'document_versions', 'document_packages', 'background_services', 'web_logs', 'app_logs', 'audit_trail']) {
      expect(await count(sql`select count(*)::int as n from ${sql.table(table)}`), table).toBeGreaterThan(0);
    }
  });

  it("gives some demo customers a report language and a time zone (a German, a Finnish, a Swedish one among them), valid as the API checks them, and leaves others unset", async () => {
    const rows = await t.db.selectFrom('customers').select(['name', 'language', 'time_zone']).where('deleted_at', 'is', null).orderBy('name').execute();
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(byName.get('Steinbruch Müller GmbH')).toMatchObject({ language: 'de', time_zone: 'Europe/Berlin' });
    expect(byName.get('Kalliomurske Oy')).toMatchObject({ language: 'fi', time_zone: 'Europe/Helsinki' });
    expect(byName.get('Göta Bergtäkt AB')).toMatchObject({ language: 'sv', time_zone: 'Europe/Stockholm' });
    expect(byName.get('Great Lakes Crushing Inc')).toMatchObject({ language: 'en', time_zone: 'America/Chicago' });
    expect(byName.get('Tallinna Killustik AS')).toMatchObject({ language: null, time_zone: 'Europe/Tallinn' });
    expect(rows.filter((r) => r.language === null && r.time_zone === null).length).toBeGreaterThan(5);
    for (const r of rows.filter((r) => r.time_zone)) expect(canonicalTimeZone(r.time_zone!), r.name).toBe(r.time_zone);
  });

  it('seedScale adds n report inspections with customers, equipment, audits and results', async () => {
    const before = await snapshot(t.db);
    const r = await seedScale(t.db, 2000);
    expect(r.inspections).toBe(2000);
    await expectProportionalRows(t.db, before, 2000, r);
    await expectReportsOfRun(t.db, 2000, r);
    await expectReportsListConsistent(t.db, r);
    // the demo's rows and the scale rows alike (issue 20: folded, with nicknames and site names)
    await expectSearchTextAsWritten(t.db);
  }, 120_000);

  it('seedScale as a bulk load (foreign-key triggers off, indexes dropped and built again) writes the same rows and leaves the schema as migrated', async () => {
    const before = await snapshot(t.db);
    // One pooled session, so the check below sees the session the seed ran in.
    const one = await openDatabase({ databaseUrl: t.url, poolSize: 1 });
    try {
      const r = await seedScale(one.db, 3001, { bulk: true, chunkSize: 1000 });
      const settings = await sql<{ role: string; sync: string }>`select current_setting('session_replication_role') as role,
        current_setting('synchronous_commit') as sync`.execute(one.db);
      expect(settings.rows).toEqual([{ role: 'origin', sync: 'on' }]);
      await expectProportionalRows(t.db, before, 3001, r);
      await expectReportsOfRun(t.db, 3001, r);
      await expectReportsListConsistent(t.db, r);
      await expectForeignKeysValid(t.db);
      // The counters' trigger is on again in that session: a status change is counted.
      await sql`update inspections set status = 'Waiting' where id = (select id from inspections where status = 'Finished' and audit_id is null limit 1)`.execute(one.db);
      await expectReportsListConsistent(t.db, r);
    } finally {
      await one.close();
    }
  }, 120_000);

  it('seedScale rolls back everything, indexes included, when it fails half-way', async () => {
    const before = await snapshot(t.db);
    // A log that throws after the load started: the run must leave no rows and no missing index.
    const log = (line: string) => {
      if (line.includes('inspections 1000/')) throw new Error('stop');
    };
    await expect(seedScale(t.db, 2000, { bulk: true, chunkSize: 1000, log })).rejects.toThrow('stop');
    expect(await snapshot(t.db)).toEqual(before);
  }, 120_000);
});

describe('scale seed on PGlite (the CLI without DATABASE_URL)', () => {
  let dir: string;
  let handle: DbHandle;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'insp-seed-pglite-'));
    handle = await openDatabase({ dataDir: dir });
    await migrateToLatest(handle.db);
    await seedDemo(handle.db, { putFile: async () => {} });
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds the same rows in bulk mode and leaves the indexes as migrated', async () => {
    expect(handle.dialect).toBe('pglite');
    const before = await snapshot(handle.db);
    const r = await seedScale(handle.db, 700, { bulk: true, chunkSize: 300 });
    await expectProportionalRows(handle.db, before, 700, r);
    await expectReportsOfRun(handle.db, 700, r);
    await expectReportsListConsistent(handle.db, r);
    await expectForeignKeysValid(handle.db);
    await expectSearchTextAsWritten(handle.db);
  }, 120_000);
});
