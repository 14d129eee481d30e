import { setBackgroundNextRun, type Db } from '@insp/db';
import type { Storage } from '@insp/storage';
import type { WebhookSettings } from '@insp/webhooks';
import { createPdfRenderer, type PdfRenderer } from '@insp/pdf';
import type { JobRegistry, Logger } from '../types.js';
import { createMailer } from '../mail/mailer.js';
import { assertEveryJobHasHandler, jobRegistry, runJob } from '../jobs/registry.js';
import { processDueJobs } from './in-process.js';
import { recurringJobs } from './recurring.js';
import { connectionName, redisPing } from './redis.js';
import { startRelay } from './relay.js';
import { startWorkers, type Workers } from './workers.js';
import { startLoop, type Loop } from './util.js';

export interface JobRuntimeOptions {
  db: Db;
  /** At scale: BullMQ on this Redis. Absent: the embedded default, jobs run in this process. */
  redisUrl?: string;
  dataDir: string;
  smtpUrl?: string;
  mailFrom: string;
  /** REPORT_TIME_ZONE (default UTC): must be the API's, as both render a report to find its stored PDF. */
  reportTimeZone?: string;
  /** LOG_RETENTION_DAYS: web and app log rows older than this are deleted (maintenance.logs); default 90. */
  logRetentionDays?: number;
  /** Issue 22: WEBHOOK_* settings (webhookSettingsFromEnv); default public addresses only, 60 s retry base. */
  webhooks?: WebhookSettings;
  log: Logger;
  /** How often the outbox is polled when nobody kicks; default 1000 ms. */
  pollMs?: number;
  /** Run the processors here: always when embedded; at scale only in worker processes, not in the API. */
  runProcessors: boolean;
  /** BullMQ key prefix (default `bull`); tests use their own. */
  queuePrefix?: string;
  /** Replaces the processors (tests). */
  registry?: JobRegistry;
  /** How often the recurring jobs run (default: their own interval); tests shorten it. */
  recurringEveryMs?: number;
  /** At scale: how long a row Redis refused waits before the relay offers it again; default 5000 ms. */
  relayRetryMs?: number;
  /** File storage for jobs that read uploads (customers.import); the API passes the storage it writes to. */
  storage?: Storage;
  /** Prints report PDFs; by default one long-lived Chromium per process that runs processors, launched at the first print. */
  pdf?: PdfRenderer;
}

export interface JobRuntime {
  /** Call after a commit that wrote outbox rows: the next poll starts at once. */
  kick(): void;
  readinessChecks: Record<string, () => Promise<unknown>>;
  close(): Promise<void>;
}

/**
 * The job side of a process. Embedded: polls the outbox and runs jobs in-process, plus the recurring
 * jobs on timers. At scale: relays the outbox to BullMQ and, with runProcessors, runs the BullMQ
 * workers (whose job schedulers replace the timers).
 */
export async function startJobRuntime(opts: JobRuntimeOptions): Promise<JobRuntime> {
  const registry = opts.registry ?? jobRegistry;
  assertEveryJobHasHandler(registry);
  const pollMs = opts.pollMs ?? 1000;
  const { log, db } = opts;
  const config = { dataDir: opts.dataDir, smtpUrl: opts.smtpUrl, mailFrom: opts.mailFrom, reportTimeZone: opts.reportTimeZone, logRetentionDays: opts.logRetentionDays, webhooks: opts.webhooks };
  const mailer = createMailer({ smtpUrl: opts.smtpUrl, dataDir: opts.dataDir, from: opts.mailFrom });
  const ownPdf = !opts.pdf && opts.runProcessors ? createPdfRenderer() : undefined;
  const pdf = opts.pdf ?? ownPdf;
  const deps = { db, mailer, log, config, storage: opts.storage, pdf };

  if (!opts.redisUrl) {
    if (!opts.runProcessors) throw new Error('Without REDIS_URL jobs run in this process: runProcessors must be true');
    let closed = false;
    const loop = startLoop(processDueJobs(deps, registry, () => closed), pollMs, log, 'outbox poll');
    const firstWrites: Promise<unknown>[] = [];
    const timers = recurringJobs.map((r) => {
      const everyMs = opts.recurringEveryMs ?? r.everyMs;
      // The screen's "next run" (issue 22): written when the timer is set, and again after each run.
      const nextRun = (ms: number) => setBackgroundNextRun(db, r.name, new Date(Date.now() + ms)).catch((err) => log.warn({ err, job: r.name }, 'could not record the next run'));
      firstWrites.push(nextRun(firstDelay(everyMs)));
      return startRecurring(async () => {
        try {
          await runJob(registry, deps, r.name, {}, { attempt: 1 });
        } finally {
          await nextRun(everyMs);
        }
      }, everyMs, log, r.name);
    });
    log.info({ mail: mailer.kind, pollMs }, 'jobs run in this process');
    return {
      kick: () => loop.kick(),
      readinessChecks: {},
      async close() {
        closed = true;
        await Promise.all([loop.close(), ...timers.map((t) => t.close()), ...firstWrites]);
        await ownPdf?.close();
        mailer.close();
      },
    };
  }

  const relay = startRelay(deps, { redisUrl: opts.redisUrl, prefix: opts.queuePrefix, retryMs: opts.relayRetryMs ?? 5000 });
  const loop = startLoop(relay.tick, pollMs, log, 'outbox relay');
  const workers: Workers | undefined = opts.runProcessors
    ? startWorkers({ deps, redisUrl: opts.redisUrl, prefix: opts.queuePrefix, registry, recurringEveryMs: opts.recurringEveryMs })
    : undefined;
  const redis = redisPing(opts.redisUrl, connectionName(opts.queuePrefix, 'readiness'), log);
  log.info({ mail: opts.runProcessors ? mailer.kind : undefined, workers: Boolean(workers) }, 'jobs relayed to BullMQ');
  return {
    kick: () => loop.kick(),
    readinessChecks: { redis: redis.ping },
    async close() {
      await loop.close();
      await workers?.close();
      await relay.close();
      await redis.close();
      await ownPdf?.close();
      mailer.close();
    },
  };
}

/**
 * Embedded stand-in for a BullMQ job scheduler: a loop nobody kicks cannot overlap itself. The first run
 * comes a minute after start (not at once, to keep start-up quick; not after a full interval, or a
 * development server restarted every few minutes would never clean up).
 */
const firstDelay = (everyMs: number) => Math.min(everyMs, 60_000);
function startRecurring(run: () => Promise<void>, everyMs: number, log: Logger, name: string): Loop {
  return startLoop(run, everyMs, log, name, firstDelay(everyMs));
}
