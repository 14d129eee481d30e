import { Queue } from 'bullmq';
import { jobQueue, recurringJobs, type RecurringJob } from '@insp/contracts';
import { findBackgroundServices, setBackgroundNextRun, type Db } from '@insp/db';
import type { Logger } from '../types.js';
import { connectionName, producerConnection } from './redis.js';
import { startLoop, throttledErrorLog, withTimeout } from './util.js';

export { recurringJobs, type RecurringJob };

export interface JobSchedulersOptions {
  redisUrl: string;
  prefix?: string;
  db: Db;
  log: Logger;
  /** How often the schedulers are brought in line with background_services; default 5000 ms. */
  syncMs?: number;
  /** Replaces every job's interval (tests). */
  everyMs?: number;
}

/**
 * At scale the recurring jobs are BullMQ job schedulers, kept in Redis, so every worker process sees the same ones
 * and each scheduled run is one BullMQ job that one worker takes. Whether a service runs at all is the database's
 * (background_services.enabled, written by the API): every worker process, every `syncMs`, upserts the schedulers
 * of enabled services that Redis lacks, removes those of disabled ones, and records each one's next run for the
 * screen. All of it is idempotent, so N workers doing it at once agree; a worker started while Redis is away
 * catches up on its next sync. A run that a removed scheduler had already queued is skipped when it starts
 * (trackedRecurringRun reads `enabled`), so a disable takes effect at once, not at the next sync.
 */
export function syncJobSchedulers(opts: JobSchedulersOptions) {
  const queues = new Map<string, Queue>();
  const onError = throttledErrorLog(opts.log, 'redis (scheduler) connection error');
  for (const r of recurringJobs) {
    const name = jobQueue(r.name);
    if (queues.has(name)) continue;
    const q = new Queue(name, { connection: producerConnection(opts.redisUrl, connectionName(opts.prefix, 'scheduler')), prefix: opts.prefix });
    q.on('error', onError);
    queues.set(name, q);
  }
  const syncError = throttledErrorLog(opts.log, 'could not sync the job schedulers yet; trying again');
  let announced = false;

  async function sync() {
    const rows = new Map((await findBackgroundServices(opts.db)).map((r) => [r.id, r]));
    for (const r of recurringJobs) {
      const q = queues.get(jobQueue(r.name))!;
      const every = opts.everyMs ?? r.everyMs;
      const row = rows.get(r.name);
      const enabled = row?.enabled ?? true;
      let scheduler = await q.getJobScheduler(r.name);
      if (enabled && scheduler?.every !== every) {
        await q.upsertJobScheduler(
          r.name,
          { every },
          { name: r.name, data: {}, opts: { attempts: 3, backoff: { type: 'exponential', delay: 60_000 }, removeOnComplete: { count: 50 }, removeOnFail: { count: 50 } } },
        );
        scheduler = await q.getJobScheduler(r.name);
      } else if (!enabled && scheduler) {
        await q.removeJobScheduler(r.name);
        scheduler = undefined;
      }
      const next = enabled && scheduler?.next ? scheduler.next : null;
      if ((row?.next_run_at?.getTime() ?? null) !== next) await setBackgroundNextRun(opts.db, r.name, next === null ? null : new Date(next));
    }
    if (!announced) opts.log.info({ schedulers: recurringJobs.map((r) => r.name) }, 'recurring jobs registered');
    announced = true;
  }

  // Bounded: a command waiting for a Redis that is away must not hold up every later sync.
  const loop = startLoop(() => withTimeout(sync(), 15_000, 'job schedulers sync').catch(syncError), opts.syncMs ?? 5000, opts.log, 'job schedulers sync');
  return {
    /** Syncs now (tests, and after a change this process made). */
    kick: () => loop.kick(),
    async close() {
      // Queues first: a sync waiting for Redis then fails at once instead of holding up the close.
      const closing = Promise.all([...queues.values()].map((q) => q.close().catch(() => undefined)));
      await loop.close();
      await closing;
    },
  };
}
