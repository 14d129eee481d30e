import { BackgroundServiceStatus, P, recurringJobs, type TBackgroundService } from '@insp/contracts';
import { enqueueJob, findBackgroundServices, resetBackgroundService, setBackgroundServiceEnabled, type BackgroundServiceRow } from '@insp/db';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { notFound } from '../../errors.js';

/**
 * /BackgroundServices (spec 002 §2, route level 2 / 3: P.backgroundServices). The services are the worker's
 * recurring jobs (contracts recurringJobs); their state is background_services, which every worker process reads
 * and writes, so these calls work the same on the embedded default and at scale without the API touching Redis
 * (docs/decisions.md "Background services").
 */
export async function listBackgroundServices(ctx: ServiceContext): Promise<TBackgroundService[]> {
  const c = requirePermission(ctx, P.backgroundServices);
  const rows = new Map((await findBackgroundServices(c.db)).map((r) => [r.id, r]));
  return recurringJobs.map((job) => toService(job, rows.get(job.name)));
}

/** Enables or disables a service: every worker skips its runs from the commit on and drops its scheduler at its next sync. */
export async function setServiceEnabled(ctx: ServiceContext, id: string, enabled: boolean): Promise<TBackgroundService> {
  const c = requirePermission(ctx, P.backgroundServices);
  knownJob(id);
  await setBackgroundServiceEnabled(c.db, id, enabled);
  c.log.info({ service: id, enabled, by: c.actor.userId }, 'background service enabled changed');
  return one(c, id);
}

/**
 * RESET clears a failed state and runs the service again at once: the run is an outbox job written in the same
 * transaction, so it reaches a worker (or the in-process runner) even if Redis is briefly away. A disabled service
 * is only cleared, not run: disabling means it must not run until someone enables it.
 */
export async function resetService(ctx: ServiceContext, id: string): Promise<TBackgroundService> {
  const c = requirePermission(ctx, P.backgroundServices);
  const job = knownJob(id);
  await inTransaction(c, async (tx) => {
    const { enabled } = await resetBackgroundService(tx.db, id);
    if (enabled) await enqueueJob(tx.db, job.name, {});
  });
  c.log.info({ service: id, by: c.actor.userId }, 'background service reset');
  return one(c, id);
}

function knownJob(id: string) {
  const job = recurringJobs.find((r) => r.name === id);
  if (!job) throw notFound('Background service');
  return job;
}

async function one(ctx: ServiceContext, id: string) {
  return (await listBackgroundServices(ctx)).find((s) => s.id === id)!;
}

const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);

function toService(job: (typeof recurringJobs)[number], row: BackgroundServiceRow | undefined): TBackgroundService {
  const enabled = row?.enabled ?? true;
  return {
    id: job.name,
    status: row?.status ?? (enabled ? BackgroundServiceStatus.Idle : BackgroundServiceStatus.Disabled),
    enabled,
    data: {
      description: job.description,
      everyMs: job.everyMs,
      lastRun: ms(row?.last_run_at),
      nextRun: enabled ? ms(row?.next_run_at) : null,
      lastError: row?.last_error ?? null,
      lastDurationMs: row?.last_duration_ms ?? null,
      ...(row?.last_result != null ? { lastResult: row.last_result } : {}),
    },
  };
}
