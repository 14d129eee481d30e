import { sql } from 'kysely';
import { webhookRetryDelayMs } from '@insp/contracts';
import { enqueueJob, type Db } from '@insp/db';
import type { JobDeps } from '../types.js';

/** Events (with their deliveries and attempts) are kept this long once every delivery of theirs has ended. */
export const WEBHOOK_EVENT_RETENTION_DAYS = 30;
const DEFAULT_RETRY_BASE_MS = 60_000;
/** Deliveries looked at per run: a backlog is worked off over a few hourly runs. */
const BATCH = 1000;

export interface WebhookSweepOptions {
  /** The retry base the deliveries run with (WEBHOOK_RETRY_BASE_MS). */
  retryBaseMs?: number;
  retentionDays?: number;
}

/**
 * Issue 22, the webhooks' background service. A delivery's retries are its own job's backoff (BullMQ at scale, the
 * outbox on the embedded default); should that job be lost (Redis flushed, a queue emptied by hand), the delivery
 * would stay pending or retrying forever. Untouched for one and a half times the longest backoff, it is queued again,
 * once per time it was found stuck (the key holds its last change). Events older than the retention whose deliveries
 * all ended (succeeded or failed) are deleted, with their deliveries and attempts.
 */
export async function sweepWebhooks(db: Db, opts: WebhookSweepOptions = {}) {
  const staleMs = Math.round(1.5 * webhookRetryDelayMs(Number.MAX_SAFE_INTEGER, opts.retryBaseMs ?? DEFAULT_RETRY_BASE_MS));
  const stuck = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as p', 'p.id', 'd.endpoint_id')
    .select(['d.id', 'd.updated_at'])
    .where('d.status', 'in', ['pending', 'retrying'])
    .where('p.enabled', '=', true)
    .where('d.updated_at', '<', sql<Date>`now() - ${`${staleMs} milliseconds`}::interval`)
    .orderBy('d.updated_at')
    .limit(BATCH)
    .execute();
  for (const d of stuck) {
    await enqueueJob(db, 'webhooks.deliver', { deliveryId: d.id }, { idempotencyKey: `webhooks.deliver:${d.id}:stuck:${new Date(d.updated_at).getTime()}` });
  }
  const retentionDays = opts.retentionDays ?? WEBHOOK_EVENT_RETENTION_DAYS;
  const deleted = await db
    .deleteFrom('webhook_events')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhook_events as e')
        .select('e.id')
        .where('e.created_at', '<', sql<Date>`now() - ${`${retentionDays} days`}::interval`)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('webhook_deliveries as d').select(sql`1`.as('one')).whereRef('d.event_id', '=', 'e.id').where('d.status', 'in', ['pending', 'retrying']))),
        )
        .limit(BATCH),
    )
    .executeTakeFirst();
  return { requeued: stuck.length, eventsDeleted: Number(deleted.numDeletedRows) };
}

/** The recurring job (background-services.ts): hourly. */
export async function webhooksSweep(deps: JobDeps) {
  const result = await sweepWebhooks(deps.db, { retryBaseMs: deps.config.webhooks?.retryBaseMs });
  deps.log.info({ webhooks: result }, 'webhook deliveries swept');
  return result;
}
