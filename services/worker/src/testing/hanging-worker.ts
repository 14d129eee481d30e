/**
 * A worker process for tests (background-services.int.test.ts): BullMQ workers with a short lock, whose e-mail
 * processor says that it started and then never finishes, so the test can kill the process in the middle of a job.
 * With REAL_JOBS=1 every processor is the real one (a webhook delivery then hangs on a receiver that does not answer);
 * WEBHOOK_* settings as the worker reads them.
 * Env: DATABASE_URL, REDIS_URL, QUEUE_PREFIX, LOCK_MS, STALLED_MS.
 */
import { openDatabase } from '@insp/db';
import { jobRegistry } from '../jobs/registry.js';
import { createMailer } from '../mail/mailer.js';
import { startWorkers } from '../runtime/workers.js';
import type { JobRegistry } from '../types.js';
import { memoryLog } from './helpers.js';
import { webhookSettingsFromEnv } from '@insp/webhooks';

const env = (name: string) => process.env[name] ?? (() => { throw new Error(`${name} is required`); })();
const { db } = await openDatabase({ databaseUrl: env('DATABASE_URL'), poolSize: 2 });
const registry: JobRegistry = process.env.REAL_JOBS === '1' ? jobRegistry : {
  ...jobRegistry,
  'email.send': async (_deps, job) => {
    process.stdout.write(`STARTED ${job.to}\n`);
    await new Promise(() => undefined);
  },
};
const log = memoryLog();
startWorkers({
  deps: { db, log, mailer: createMailer({ dataDir: '/tmp', from: 'x <x@company.example>' }), config: { dataDir: '/tmp', mailFrom: 'x <x@company.example>', webhooks: webhookSettingsFromEnv(process.env) } },
  redisUrl: env('REDIS_URL'),
  prefix: env('QUEUE_PREFIX'),
  registry,
  lockDurationMs: Number(env('LOCK_MS')),
  // The stalled check is shared by every worker of a queue (one per interval): all of them use the same settings.
  stalledIntervalMs: Number(env('STALLED_MS')),
  // No scheduler runs from this process's point of view matter here; keep its syncs rare.
  schedulerSyncMs: 60_000,
});
process.stdout.write('READY\n');
