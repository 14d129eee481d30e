import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recurringJobs } from '@insp/contracts';
import { enqueueJob, findBackgroundServices, migrateToLatest, openDatabase, resetBackgroundService, setBackgroundServiceEnabled, type DbHandle } from '@insp/db';
import { jobRegistry } from '../jobs/registry.js';
import type { JobRegistry } from '../types.js';
import { readMails } from '../testing/eml.js';
import { MAIL_FROM, memoryLog, outboxRow, resetEmail, resetLink, sleep, tempDir, waitFor } from '../testing/helpers.js';
import { startJobRuntime, type JobRuntime } from './runtime.js';
import { migratedPgliteDir } from '@insp/db/testing';

// The embedded default runs on PGlite: one connection for everything. The e-mail job's transaction must
// not need a second one, or it would wait for itself forever.
let database: DbHandle;
let data: Awaited<ReturnType<typeof tempDir>>;
let runtime: JobRuntime;

beforeAll(async () => {
  data = await tempDir();
  await migratedPgliteDir(join(data.dir, 'db')); // a copy of a migrated template (packages/db testing)
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

describe('background services on the embedded default (in-process timers, PGlite)', () => {
  it('shows the in-process schedules in the same table, and disable, enable and RESET work as at scale', async () => {
    const runs: Record<string, number> = {};
    let broken = false;
    const registry: JobRegistry = { ...jobRegistry };
    for (const job of recurringJobs) {
      (registry as Record<string, unknown>)[job.name] = async () => {
        if (broken && job.name === 'documents.sync') throw new Error('sync broke');
        runs[job.name] = (runs[job.name] ?? 0) + 1;
        return { ok: true };
      };
    }
    const local = await startJobRuntime({ db: database.db, dataDir: data.dir, mailFrom: MAIL_FROM, log: memoryLog(), runProcessors: true, pollMs: 100, registry, recurringEveryMs: 300 });
    try {
      const rows = async () => new Map((await findBackgroundServices(database.db)).map((r) => [r.id, r]));
      await waitFor(async () => recurringJobs.every((j) => (runs[j.name] ?? 0) >= 1), 'every service to run once');
      const after = await rows();
      for (const j of recurringJobs) {
        expect(after.get(j.name), j.name).toMatchObject({ status: 'Succeeded', enabled: true });
        expect(after.get(j.name)!.next_run_at!.getTime(), j.name).toBeGreaterThan(Date.now() - 1000);
      }

      // The API's disable: the timer goes on (so its next tick is known again once enabled), the runs are skipped.
      await setBackgroundServiceEnabled(database.db, 'maintenance.logs', false);
      const stopped = runs['maintenance.logs']!;
      await sleep(1000);
      expect(runs['maintenance.logs']).toBeLessThanOrEqual(stopped + 1);
      expect((await rows()).get('maintenance.logs')).toMatchObject({ status: 'Disabled', enabled: false });
      await setBackgroundServiceEnabled(database.db, 'maintenance.logs', true);
      await waitFor(async () => runs['maintenance.logs']! > stopped + 1, 'the runs to resume');

      // A failure is recorded; the API's RESET clears it and the outbox runs it again in this process.
      broken = true;
      await waitFor(async () => (await rows()).get('documents.sync')?.status === 'Failed', 'the failure to be recorded');
      expect((await rows()).get('documents.sync')!.last_error).toBe('sync broke');
      broken = false;
      await database.db.transaction().execute(async (trx) => {
        await resetBackgroundService(trx, 'documents.sync');
        await enqueueJob(trx, 'documents.sync', {});
      });
      local.kick();
      await waitFor(async () => (await rows()).get('documents.sync')?.status === 'Succeeded', 'the run after RESET');
      expect((await rows()).get('documents.sync')!.last_error).toBeNull();
    } finally {
      await local.close();
    }
  });
});
