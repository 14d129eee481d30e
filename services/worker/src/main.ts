import { resolve } from 'node:path';
import pino from 'pino';
import { logRetentionDaysSetting, reportTimeZoneSetting } from '@insp/contracts';
import { openDatabase } from '@insp/db';
import { createStorage, storageConfigFromEnv } from '@insp/storage';
import { webhookSettingsFromEnv } from '@insp/webhooks';
import { startJobRuntime } from './runtime/runtime.js';

/**
 * The worker process (`npm run worker`), for the at-scale setup: runs the BullMQ workers and also the
 * outbox relay, so jobs still reach Redis while every API process is down (claims carry leases, so any
 * number of relays can run side by side).
 */
async function main(env: NodeJS.ProcessEnv) {
  if (!env.DATABASE_URL) throw new Error('DATABASE_URL is required: the worker shares the PostgreSQL database of the API.');
  if (!env.REDIS_URL) {
    throw new Error(
      'REDIS_URL is required: the worker takes its jobs from BullMQ. Without Redis (the embedded default) jobs run inside the API process and no worker is needed.',
    );
  }
  const log = pino({ level: env.LOG_LEVEL ?? 'info', base: { service: 'worker' } });
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL });
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  // The same files the API writes (uploads read by jobs); signed URLs are the API's business, so no secret here.
  const storage = createStorage(storageConfigFromEnv(env, dataDir), { urlSecret: env.TOKEN_SECRET ?? 'worker' });
  const runtime = await startJobRuntime({
    db: database.db,
    redisUrl: env.REDIS_URL,
    dataDir,
    storage,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Inspections <no-reply@company.example>',
    // the API's REPORT_TIME_ZONE: both render a report to find its stored PDF
    reportTimeZone: reportTimeZoneSetting(env.REPORT_TIME_ZONE),
    logRetentionDays: logRetentionDaysSetting(env.LOG_RETENTION_DAYS),
    webhooks: webhookSettingsFromEnv(env),
    log,
    runProcessors: true,
    // Deployments (or test runs) that share one Redis keep their queues apart; the API needs the same value.
    queuePrefix: env.QUEUE_PREFIX || undefined,
  });
  log.info('worker ready');

  let stopping = false;
  const stop = async (signal: string) => {
    // A second signal means "now": skip waiting for running jobs (BullMQ re-delivers them after their lock expires).
    if (stopping) process.exit(1);
    stopping = true;
    log.info({ signal }, 'worker stopping: finishing running jobs');
    try {
      await runtime.close();
      await database.close();
      log.info('worker stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'worker did not stop cleanly');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main(process.env).catch((err: unknown) => {
  console.error(`worker: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
