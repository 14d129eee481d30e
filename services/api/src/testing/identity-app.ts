import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@insp/db/testing';
import type { Db } from '@insp/db';
import { loadConfig, type AppConfig } from '../config.js';
import { buildApp } from '../app.js';
import { identityPlugins } from '../domains/auth/identity.js';

/**
 * Test support for staff sign-in over real HTTP: an app listening on a port its publicUrl names (the
 * identity provider's redirects and the client's discovery go over the network), and a minimal browser
 * (test-browser.ts, also used by the browser tests' sign-in).
 */

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ListeningApp {
  app: FastifyInstance;
  config: AppConfig;
  origin: string;
  close(): Promise<void>;
}

/** The real app with identityPlugins as the composition root mounts them, listening on 127.0.0.1. */
export async function startIdentityApp(db: Db, overrides: Partial<AppConfig> = {}): Promise<ListeningApp> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test', REDIS_URL: '', OIDC_ISSUER: '' },
    {
      tokenSecret: new TextEncoder().encode('test-secret-test-secret-test-secret-123'),
      publicUrl: origin,
      webDist: undefined,
      dataDir: `/tmp/insp-test-idp-${port}`,
      companyEmailDomain: 'company.example',
      ...overrides,
    },
  );
  const app = await buildApp({ config, db, jobs: { kick() {} }, logger: false, extraPlugins: identityPlugins(config, db) });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, config, origin, close: () => app.close() };
}

export async function identityTestDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  await database.db
    .insertInto('dev_idp_accounts')
    .values([
      { email: 'admin@company.example', name: 'Ada Admin', groups: ['admin'] },
      { email: 'manager@company.example', name: 'Max Manager', groups: ['manager'] },
      { email: 'outsider@other.example', name: 'Olly Outsider', groups: ['admin'] },
    ])
    .execute();
  return database;
}

export { TestBrowser, takeTurns, type Page, type ServerChoice } from './test-browser.js';
