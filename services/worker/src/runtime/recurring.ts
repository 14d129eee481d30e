import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { jobQueue, type JobName } from '@insp/contracts';
import type { Logger } from '../types.js';
import { connectionName, producerConnection } from './redis.js';
import { throttledErrorLog } from './util.js';

export interface RecurringJob {
  /** The job, and the id of its BullMQ job scheduler (and of its row on the Background services screen). */
  name: JobName;
  everyMs: number;
  description: string;
}

export const recurringJobs: readonly RecurringJob[] = [
  {
    name: 'maintenance.cleanup',
    everyMs: 3600_000,
    description: 'Deletes expired sessions, spent password links, old sign-in attempts, finished jobs and day-old idempotency keys',
  },
  {
    name: 'maintenance.sharedLinks',
    everyMs: 3600_000,
    description: 'Deletes shared report links expired more than 30 days ago, a thousand at a time',
  },
  {
    name: 'maintenance.generatedFiles',
    everyMs: 24 * 3600_000,
    description: 'Deletes stored report PDFs, audit PDFs and protocol exports unused for 30 days that no live shared link holds',
  },
  {
    name: 'documents.sync',
    everyMs: 5 * 60_000,
    description: "Records each Automatic document package's manifest version and when its content last changed",
  },
  {
    name: 'maintenance.logs',
    everyMs: 3600_000,
    description: 'Deletes web and app log rows older than LOG_RETENTION_DAYS (default 90), ten thousand at a time',
  },
];

/**
 * At scale the recurring jobs are BullMQ job schedulers. Upserting is idempotent, so every worker process
 * (re)registers them at start. In the background: a worker started while Redis is still coming up
 * registers once it can, trying again every 10 s.
 */
export function registerJobSchedulers(opts: { redisUrl: string; prefix?: string; log: Logger }) {
  const queues = new Map<string, Queue>();
  const onError = throttledErrorLog(opts.log, 'redis (scheduler) connection error');
  for (const r of recurringJobs) {
    const name = jobQueue(r.name);
    if (queues.has(name)) continue;
    const q = new Queue(name, { connection: producerConnection(opts.redisUrl, connectionName(opts.prefix, 'scheduler')), prefix: opts.prefix });
    q.on('error', onError);
    queues.set(name, q);
  }
  const closeQueues = () => Promise.all([...queues.values()].map((q) => q.close().catch(() => undefined)));
  const stopping = new AbortController();

  const registering = (async () => {
    for (;;) {
      try {
        for (const r of recurringJobs) {
          await queues.get(jobQueue(r.name))!.upsertJobScheduler(
            r.name,
            { every: r.everyMs },
            { name: r.name, data: {}, opts: { attempts: 3, backoff: { type: 'exponential', delay: 60_000 }, removeOnComplete: { count: 50 }, removeOnFail: { count: 50 } } },
          );
        }
        opts.log.info({ schedulers: recurringJobs.map((r) => r.name) }, 'recurring jobs registered');
        return;
      } catch (err) {
        if (stopping.signal.aborted) return;
        opts.log.warn({ err }, 'could not register the recurring jobs yet; trying again in 10 s');
        if (await sleep(10_000, false, { signal: stopping.signal }).catch(() => true)) return;
      }
    }
  })().finally(closeQueues);

  return {
    async close() {
      stopping.abort();
      await closeQueues();
      await registering;
    },
  };
}
