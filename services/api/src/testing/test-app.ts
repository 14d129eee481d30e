import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@insp/db/testing';
import { loadConfig, type AppConfig } from '../config.js';
import { buildApp } from '../app.js';
import type { JobKicker } from '../context.js';

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
