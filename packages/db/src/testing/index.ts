import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openDatabase, type DbHandle } from '../client.js';
import { migrateToLatest, migrationsFingerprint } from '../migrator.js';

/** The server the integration tests use (this machine: PostgreSQL 15 on 127.0.0.1, trust auth). */
export const testServerUrl = (database = 'postgres') => {
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const u = new URL(base);
  u.pathname = '/' + database;
  return u.toString();
};

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates (once per set of migrations) a migrated template database. Cloning it per test file is
 * much faster than migrating each time. An advisory lock keeps parallel test workers from racing.
 */
export async function ensureTemplateDatabase(): Promise<string> {
  const name = `insp_tpl_${migrationsFingerprint()}`;
  await withAdmin(async (admin) => {
    await admin.query('select pg_advisory_lock(424242)');
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount) return;
      const building = `${name}_building`;
      await admin.query(`drop database if exists "${building}"`);
      await admin.query(`create database "${building}"`);
      const h = await openDatabase({ databaseUrl: testServerUrl(building), poolSize: 1 });
      try {
        await migrateToLatest(h.db);
      } finally {
        await h.close();
      }
      await admin.query(`alter database "${building}" rename to "${name}"`);
    } finally {
      await admin.query('select pg_advisory_unlock(424242)');
    }
  });
  return name;
}

export interface TestDatabase extends DbHandle {
  name: string;
  url: string;
  /** Closes the connection pool and drops the database. */
  destroy(): Promise<void>;
}

/** A freshly migrated database of its own, for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { name, url, drop } = await cloneDatabase(await ensureTemplateDatabase());
  const handle = await openDatabase({ databaseUrl: url, poolSize: 5 });
  return {
    ...handle,
    name,
    url,
    destroy: async () => {
      await handle.close();
      await drop();
    },
  };
}

/**
 * A new database copied from `template` (which nobody may be connected to), named like every test database so a
 * crashed run's copy is dropped by the next run; `drop` removes it, closing whatever is still connected.
 */
export async function cloneDatabase(template: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `insp_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(async (admin) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${template}"`);
        return;
      } catch (e) {
        // Another clone of the same template in the same instant: PostgreSQL refuses; try again shortly.
        if (attempt > 20 || !String(e).includes('being accessed')) throw e;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });
  return {
    name,
    url: testServerUrl(name),
    drop: () => withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}

const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Drops test databases left behind by crashed runs: those whose creating process (the pid in the name) is
 * gone. Databases of runs still going, and the current template, are left alone.
 */
export async function dropStaleTestDatabases(): Promise<void> {
  await withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'insp_test_%'");
    for (const r of rows) {
      const pid = Number(r.datname.split('_')[2]);
      if (pid && processAlive(pid)) continue;
      await admin.query(`drop database if exists "${r.datname}" with (force)`).catch(() => {});
    }
  });
}

/**
 * A migrated PGlite data folder copied to `dataDir` (the embedded default's database, for tests proving a query works
 * there too). The first call of a set of migrations migrates a template folder in the system's temporary folder
 * (about 15 s of CPU); every later call, in any test worker or run, copies it (well under a second). Built under a
 * name of its own and renamed into place, so two workers building at once never share a half-made template.
 */
export async function migratedPgliteDir(dataDir: string): Promise<void> {
  const { cp, mkdtemp, readdir, rename, rm } = await import('node:fs/promises');
  const { existsSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const prefix = 'insp-pglite-tpl-';
  const template = join(tmpdir(), `${prefix}${migrationsFingerprint()}`);
  if (!existsSync(join(template, 'PG_VERSION'))) {
    const building = await mkdtemp(join(tmpdir(), 'insp-pglite-building-'));
    const h = await openDatabase({ dataDir: building });
    try {
      await migrateToLatest(h.db);
    } finally {
      await h.close();
    }
    await rename(building, template).catch(async () => rm(building, { recursive: true, force: true })); // another worker won
    for (const old of await readdir(tmpdir())) {
      if (old.startsWith(prefix) && join(tmpdir(), old) !== template) await rm(join(tmpdir(), old), { recursive: true, force: true }).catch(() => {});
    }
  }
  await cp(template, dataDir, { recursive: true });
}
