import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DbHandle } from '@insp/db';
import { createLocalStorage, newStorageKey } from '@insp/storage';
import type { JobDeps } from '../types.js';
import { memoryLog, tempDir } from '../testing/helpers.js';
import { jobRegistry, runJob } from './registry.js';
import { migratedPgliteDir } from '@insp/db/testing';

// The embedded default: PGlite answers in microtasks, so a job that never yields a macrotask turn keeps
// the API process from reading any request (the progress polls) until the job ends.
let database: DbHandle;
let data: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  data = await tempDir();
  await migratedPgliteDir(join(data.dir, 'db')); // a copy of a migrated template (packages/db testing)
  database = await openDatabase({ dataDir: join(data.dir, 'db') });
  await migrateToLatest(database.db);
});
afterAll(async () => {
  await database?.close();
  await data?.remove();
});

describe('customers.import on the embedded PGlite database', () => {
  it('lets the process serve timers (and so requests) between rows while it runs', async () => {
    const storage = createLocalStorage({ dir: join(data.dir, 'files'), urlSecret: 'x' });
    const key = newStorageKey('imports/customers', 'csv');
    const lines = Array.from({ length: 200 }, (_, i) => `Embedded ${i % 20} Oy,EMB-${i}`);
    await storage.put(key, new TextEncoder().encode(`Customer name,Equipment serial number\n${lines.join('\n')}\n`), { contentType: 'text/csv' });
    const { id } = await database.db
      .insertInto('customer_imports')
      .values({ file_name: 'e.csv', storage_key: key, content_type: 'text/csv' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const deps = { db: database.db, log: memoryLog(), storage } as unknown as JobDeps;

    let finished = false;
    const job = runJob(jobRegistry, deps, 'customers.import', { importId: id }, { attempt: 1 }).then(() => (finished = true));
    const timerFiredWhileRunning = await new Promise<boolean>((resolve) => setTimeout(() => resolve(!finished), 20));
    await job;
    expect(timerFiredWhileRunning).toBe(true);
    const row = await database.db.selectFrom('customer_imports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'done', processed_rows: 200, customers_created: 20, equipment_created: 200 });
  });
});
