import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob, migrateToLatest, openDatabase, type DbHandle } from '@insp/db';
import { readMails } from '../testing/eml.js';
import { MAIL_FROM, memoryLog, outboxRow, resetEmail, resetLink, tempDir, waitFor } from '../testing/helpers.js';
import { startJobRuntime, type JobRuntime } from './runtime.js';

// The embedded default runs on PGlite: one connection for everything. The e-mail job's transaction must
// not need a second one, or it would wait for itself forever.
let database: DbHandle;
let data: Awaited<ReturnType<typeof tempDir>>;
let runtime: JobRuntime;

beforeAll(async () => {
  data = await tempDir();
  database = await openDatabase({ dataDir: join(data.dir, 'db') });
  await migrateToLatest(database.db);
  runtime = await startJobRuntime({ db: database.db, dataDir: data.dir, mailFrom: MAIL_FROM, log: memoryLog(), runProcessors: true, pollMs: 60_000 });
});
afterAll(async () => {
  await runtime?.close();
  await database?.close();
  await data?.remove();
});

describe('jobs in-process on the embedded PGlite database', () => {
  it('sends the e-mail and marks the row done', async () => {
    await database.db.transaction().execute((trx) => enqueueJob(trx, 'email.send', resetEmail('pglite'), { idempotencyKey: 'pglite' }));
    runtime.kick();
    await waitFor(async () => (await outboxRow(database.db, 'pglite')).status === 'done', 'the row to be done', 10_000);
    const mails = await readMails(data.dir);
    expect(mails.map((m) => m.decoded.includes(resetLink('pglite')))).toEqual([true]);
  });
});
