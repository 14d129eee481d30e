import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { jobNames, jobQueue } from '@insp/contracts';
import { markJob } from '@insp/db';
import type { JobDeps, JobRegistry } from '../types.js';
import { assertEveryJobHasHandler, jobRegistry, PermanentJobError, runJob } from '../jobs/registry.js';
import { recordJobFailure } from '../outbox/state.js';
import { backoffStrategy } from './retry-policy.js';
import { syncJobSchedulers } from './recurring.js';
import { connectionName, workerConnection } from './redis.js';
import { errorMessage, throttledErrorLog } from './util.js';

export interface WorkersOptions {
  deps: JobDeps;
  redisUrl: string;
  prefix?: string;
  registry?: JobRegistry;
  /** Jobs one worker process runs at a time, per queue. */
  concurrency?: number;
  /** BullMQ lock duration (default 30 s): a job whose worker died is taken by another once its lock runs out (tests shorten it). */
  lockDurationMs?: number;
  /** How often a stalled job (its lock ran out) is looked for; default BullMQ's 30 s. */
  stalledIntervalMs?: number;
  /** Replaces every recurring job's interval (tests). */
  recurringEveryMs?: number;
  /** How often the job schedulers are synced with background_services; default 5000 ms. */
  schedulerSyncMs?: number;
}

export interface Workers {
  close(): Promise<void>;
}

const outboxIdOf = (job: Job) => {
  const m = /^outbox-(\d+)$/.exec(job.id ?? '');
  return m ? Number(m[1]) : undefined;
};

/** One BullMQ worker per queue, running the same processors as the embedded mode. */
export function startWorkers(opts: WorkersOptions): Workers {
  const { deps } = opts;
  const registry = opts.registry ?? jobRegistry;
  assertEveryJobHasHandler(registry);
  const onError = throttledErrorLog(deps.log, 'redis (worker) connection error');
  const bookkeeping = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    bookkeeping.add(p);
    void p.finally(() => bookkeeping.delete(p));
  };

  async function processJob(job: Job) {
    const outboxId = outboxIdOf(job);
    try {
      const result = await runJob(registry, deps, job.name, job.data, { outboxId, attempt: job.attemptsMade + 1, jobId: job.id });
      if (outboxId !== undefined) await markJob(deps.db, outboxId, 'done');
      return result;
    } catch (err) {
      throw err instanceof PermanentJobError ? new UnrecoverableError(err.message) : err;
    }
  }

  async function onFailed(job: Job | undefined, err: Error) {
    if (!job) return;
    const outboxId = outboxIdOf(job);
    // BullMQ sets finishedOn only when it gives up (attempts spent, or an UnrecoverableError).
    const final = Boolean(job.finishedOn);
    deps.log.warn({ err, job: job.name, jobId: job.id, attempt: job.attemptsMade, final }, final ? 'job failed for good' : 'job failed, BullMQ retries it');
    if (outboxId === undefined) return;
    await recordJobFailure(deps.db, outboxId, errorMessage(err), final).catch((e) =>
      deps.log.error({ err: e, outboxId }, 'could not record the job failure in the outbox'),
    );
  }

  const queueNames = [...new Set(jobNames.map(jobQueue))];
  const workers = queueNames.map((name) => {
    const w = new Worker(name, processJob, {
      connection: workerConnection(opts.redisUrl, connectionName(opts.prefix, 'worker')),
      prefix: opts.prefix,
      concurrency: opts.concurrency ?? 4,
      settings: { backoffStrategy: backoffStrategy(deps.config) },
      ...(opts.lockDurationMs ? { lockDuration: opts.lockDurationMs } : {}),
      ...(opts.stalledIntervalMs ? { stalledInterval: opts.stalledIntervalMs } : {}),
    });
    w.on('failed', (job, err) => track(onFailed(job, err)));
    w.on('error', onError);
    return w;
  });

  const schedulers = syncJobSchedulers({
    redisUrl: opts.redisUrl,
    prefix: opts.prefix,
    db: deps.db,
    log: deps.log,
    everyMs: opts.recurringEveryMs,
    syncMs: opts.schedulerSyncMs,
  });

  return {
    async close() {
      await Promise.all([...workers.map((w) => w.close()), schedulers.close()]);
      await Promise.all([...bookkeeping]);
    },
  };
}
