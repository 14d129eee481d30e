import pg from 'pg';
import { sql } from 'kysely';
import { migrationsFingerprint, openDatabase, type DbHandle } from '@insp/db';
import { ensureTemplateDatabase, testServerUrl } from '@insp/db/testing';
import { seedDemo, seedScale } from '@insp/db/seed';

/**
 * A database with the demo seed plus `n` inspections, kept between benchmark runs (seeding a million takes
 * minutes): `insp_bench_<n>_<migrations>`. Made from the migrated template the first time it is asked for;
 * a half-seeded one (a run killed while seeding) is dropped and made again. Drop them with
 * `psql -h 127.0.0.1 -U postgres -c 'drop database insp_bench_…'`.
 * BENCH_DATABASE=<name> uses that database as it is (e.g. a copy of a kept one, `createdb -T`, with a new migration
 * applied by the migrator) instead of seeding one for the migrations' fingerprint.
 */
export async function scaledDatabase(n: number, log: (m: string) => void = console.log): Promise<DbHandle & { name: string; url: string }> {
  if (process.env.BENCH_DATABASE) {
    const url = testServerUrl(process.env.BENCH_DATABASE);
    return { ...(await openDatabase({ databaseUrl: url, poolSize: 10 })), name: process.env.BENCH_DATABASE, url };
  }
  const name = `insp_bench_${n}_${migrationsFingerprint()}`;
  const admin = new pg.Client({ connectionString: testServerUrl() });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) {
      const probe = await openDatabase({ databaseUrl: testServerUrl(name), poolSize: 1 });
      const ready = await probe.db.selectFrom('bench_ready' as never).selectAll().execute().then(() => true, () => false);
      await probe.close();
      if (ready) return { ...(await openDatabase({ databaseUrl: testServerUrl(name), poolSize: 10 })), name, url: testServerUrl(name) };
      await admin.query(`drop database "${name}" with (force)`);
    }
    const template = await ensureTemplateDatabase();
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ databaseUrl: testServerUrl(name), poolSize: 10 });
  log(`seeding ${name}: demo data and ${n} inspections (minutes for a million)`);
  await seedDemo(handle.db, { putFile: async () => {} });
  await seedScale(handle.db, n, { log });
  // What autovacuum does on a live database (this machine's server runs with it off): the visibility map lets
  // index-only scans skip the heap, and the statistics are fresh.
  await sql`vacuum (analyze)`.execute(handle.db);
  await handle.db.schema.createTable('bench_ready').addColumn('at', 'timestamptz').execute();
  return { ...handle, name, url: testServerUrl(name) };
}
