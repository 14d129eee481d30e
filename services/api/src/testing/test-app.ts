import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { migrateToLatest, openDatabase } from '@insp/db';
import { createTestDatabase, migratedPgliteDir, type TestDatabase } from '@insp/db/testing';
import { loadConfig, type AppConfig } from '../config.js';
import { buildApp } from '../app.js';
import type { JobKicker, ServiceContext } from '../context.js';
import type { Insertable } from 'kysely';
import type { DB } from '@insp/db';
import { startSession } from '../domains/auth/session.service.js';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase['db'];
  database: TestDatabase;
  config: AppConfig;
  close(): Promise<void>;
}

/** A real app on a database of its own (cloned from the migrated template), for route tests with app.inject(). */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  opts: {
    jobs?: JobKicker;
    /** Plugins that need the app's config and database (e.g. identityPlugins). */
    extraPlugins?: (config: AppConfig, db: TestDatabase['db']) => NonNullable<Parameters<typeof buildApp>[0]['extraPlugins']>;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test', REDIS_URL: '', DATABASE_URL: database.url },
    {
      tokenSecret: new TextEncoder().encode('test-secret-test-secret-test-secret-123'),
      publicUrl: 'http://localhost:3000',
      webDist: undefined,
      dataDir: `/tmp/insp-test-${database.name}`,
      ...overrides,
    },
  );
  const app = await buildApp({ config, db: database.db, jobs: opts.jobs ?? { kick() {} }, logger: false, extraPlugins: opts.extraPlugins?.(config, database.db) });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

/** A service context with no one signed in, for calling services directly in tests (fixtures, sessions). */
export const anonymousContext = (t: TestApp): ServiceContext => ({
  db: t.db,
  config: t.config,
  actor: null,
  session: null,
  log: t.app.log,
  jobs: { kick() {} },
  ip: '127.0.0.1',
});

/** Insert users and sign each in: bearer tokens keyed by the part of the e-mail before '@'. */
export async function signInUsers(t: TestApp, users: Insertable<DB['users']>[]): Promise<Record<string, string>> {
  const rows = await t.db.insertInto('users').values(users).returning(['id', 'email']).execute();
  const tokens: Record<string, string> = {};
  for (const u of rows) tokens[u.email.split('@')[0]!] = (await startSession(anonymousContext(t), u.id)).accessToken;
  return tokens;
}

/**
 * The app on the embedded default: a migrated PGlite database in a temporary folder (no PostgreSQL, no Redis), for
 * tests proving a query works there too. `close` closes the app and the database and removes the folder.
 */
export async function createPgliteTestApp(prefix: string): Promise<TestApp> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  await migratedPgliteDir(join(dir, 'db'));
  const handle = await openDatabase({ dataDir: join(dir, 'db') });
  await migrateToLatest(handle.db); // nothing left to run: the copy is migrated
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test', REDIS_URL: '', DATABASE_URL: '' },
    { tokenSecret: new TextEncoder().encode('test-secret-test-secret-test-secret-123'), publicUrl: 'http://localhost:3000', webDist: undefined, dataDir: dir },
  );
  const app = await buildApp({ config, db: handle.db, jobs: { kick() {} }, logger: false });
  await app.ready();
  const close = async () => {
    await app.close();
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  };
  return { app, db: handle.db, config, database: undefined as never, close };
}
