import { Kysely, PostgresDialect, type KyselyConfig } from 'kysely';
import pg from 'pg';
import type { DB as Database } from './schema.js';
import { registerPool, sendRegisteredStatementsPrepared } from './prepared-statements.js';

export type Db = Kysely<Database>;

export interface DbConfig {
  /** PostgreSQL connection string; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl?: string;
  /** Folder of the embedded database (default ./.data/db). */
  dataDir?: string;
  poolSize?: number;
}

// int8 (counts, bigserial ids) and numeric come back as strings from `pg`; PGlite is told the same
// parsers below, so both dialects hand the application numbers.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export interface DbHandle {
  db: Db;
  dialect: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export async function openDatabase(config: DbConfig, options: Partial<KyselyConfig> = {}): Promise<DbHandle> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.poolSize ?? 10 });
    // An idle connection that the server drops (restart, failover) must not crash the process; the pool
    // replaces it on the next query.
    pool.on('error', (err) => console.error('idle database connection failed:', err.message));
    pool.on('connect', sendRegisteredStatementsPrepared);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...options });
    // a handle that logs its queries or has plugins keeps every query in Kysely
    if (!options.log && !options.plugins?.length) registerPool(db, pool);
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  // Embedded default: one in-process PostgreSQL (PGlite). Loaded lazily so the at-scale build never pays for it.
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // unaccent: search folds accents (migration 0024, search_fold).
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { PGliteDialect } = await import('kysely-pglite-dialect');
  const { mkdirSync } = await import('node:fs');
  const dir = config.dataDir ?? './.data/db';
  mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir, {
    extensions: { pg_trgm, unaccent },
    parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite as never), ...options });
  return {
    db,
    dialect: 'pglite',
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
