import { Queue, type JobsOptions } from 'bullmq';
import { jobNames, jobQueue, type JobName } from '@insp/contracts';
import { claimDueJobs } from '@insp/db';
import type { JobDeps } from '../types.js';
import { deferRelay, markRelayed } from '../outbox/state.js';
import { jobRetry } from './retry-policy.js';
import { connectionName, producerConnection } from './redis.js';
import { errorMessage, throttledErrorLog, withTimeout } from './util.js';

const BATCH = 50;

/** How BullMQ treats a relayed job: retried with exponential backoff, kept a while for inspection. */
export const relayedJobOptions = (id: number, name?: string): JobsOptions => {
  const own = name ? jobRetry(name) : undefined;
  return {
    // The outbox id as job id: a row relayed twice (relay died before marking it) is still one BullMQ job.
    jobId: `outbox-${id}`,
    attempts: own?.attempts ?? 5,
    backoff: own ? { type: own.backoffType } : { type: 'exponential', delay: 5_000 },
    removeOnComplete: { age: 24 * 3600 },
    removeOnFail: { age: 7 * 24 * 3600 },
  };
};

export interface RelayOptions {
  redisUrl: string;
  prefix?: string;
  /** How long a row the queue refused waits before the next try. */
  retryMs: number;
}

/**
 * At scale: moves due outbox rows to their BullMQ queues. A row is marked 'relayed' only after the queue
 * accepted it; while Redis is away rows are not even claimed, and a refusal mid-batch defers the rest.
 */
export function startRelay(deps: Pick<JobDeps, 'db' | 'log'>, opts: RelayOptions) {
  const queues = new Map<string, Queue>();
  const onError = throttledErrorLog(deps.log, 'redis (relay) connection error');
  const queueFor = (name: string) => {
    const queueName = jobQueue(name as JobName);
    let q = queues.get(queueName);
    if (!q) {
      q = new Queue(queueName, { connection: producerConnection(opts.redisUrl, connectionName(opts.prefix, 'relay')), prefix: opts.prefix });
      q.on('error', onError);
      queues.set(queueName, q);
    }
    return q;
  };
  // Connect up front, so the first job does not wait for it and readiness can be judged.
  for (const name of jobNames) queueFor(name);

  const ready = () =>
    Promise.all([...queues.values()].map((q) => withTimeout(q.waitUntilReady(), 1000, 'redis connection'))).then(
      () => true,
      () => false,
    );

  async function tick() {
    if (!(await ready())) return;
    for (;;) {
      const rows = await claimDueJobs(deps.db, BATCH, 30_000);
      for (const [i, row] of rows.entries()) {
        try {
          await withTimeout(queueFor(row.name).add(row.name, row.payload, relayedJobOptions(row.id, row.name)), 5000, 'queue add');
        } catch (err) {
          deps.log.warn({ err, outboxId: row.id, job: row.name }, 'queue did not accept the job; it stays in the outbox');
          await deferRelay(deps.db, rows.slice(i).map((r) => r.id), errorMessage(err), opts.retryMs);
          return;
        }
        await markRelayed(deps.db, row.id);
      }
      if (rows.length < BATCH) return;
    }
  }

  return {
    tick,
    close: () => Promise.all([...queues.values()].map((q) => q.close().catch(() => undefined))).then(() => undefined),
  };
}
