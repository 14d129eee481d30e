import { sql } from 'kysely';
import { WEBHOOK_MAX_ATTEMPTS } from '@insp/contracts';
import { postWebhook, webhookHeaders, webhookSettingsFromEnv } from '@insp/webhooks';
import type { JobHandler } from '../types.js';
import { PermanentJobError } from './errors.js';

const DEFAULT_SETTINGS = webhookSettingsFromEnv({});

/**
 * Issue 22: POSTs one delivery: the event's stored body, unchanged, under the event's id (Standard Webhooks headers,
 * signed with the endpoint's secret; a fresh timestamp per attempt, as the scheme wants). Each attempt is logged.
 * A failure throws, so BullMQ (at scale) or the outbox (embedded) retries with the webhook backoff; a refused
 * address is permanent. At least once: a delivery that succeeded is not sent again unless replayed.
 */
export const webhookDeliver: JobHandler<'webhooks.deliver'> = async (deps, { deliveryId }, ctx) => {
  const settings = deps.config.webhooks ?? DEFAULT_SETTINGS;
  const d = await deps.db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .innerJoin('webhook_endpoints as p', 'p.id', 'd.endpoint_id')
    .select(['d.status', 'd.attempts', 'e.id as eventId', 'e.body', 'p.url', 'p.secret', 'p.enabled'])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
  if (!d) return { skipped: 'gone' }; // endpoint deleted meanwhile
  if (d.status === 'succeeded') return { skipped: 'already delivered' };
  if (!d.enabled) {
    await deps.db.updateTable('webhook_deliveries').set({ status: 'failed', last_error: 'endpoint disabled' }).where('id', '=', deliveryId).execute();
    return { skipped: 'endpoint disabled' };
  }

  const timestamp = Math.floor(Date.now() / 1000);
  const headers = { 'content-type': 'application/json', 'user-agent': 'insp-webhooks/1', ...webhookHeaders(d.secret, d.eventId, timestamp, d.body) };
  const started = performance.now();
  const res = await postWebhook({ url: d.url, body: d.body, headers, policy: settings.policy, timeoutMs: settings.timeoutMs });
  const durationMs = Math.round(performance.now() - started);
  const ok = res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300 && !res.error;
  const error = ok ? null : (res.error ?? `answered ${res.statusCode}`);
  const final = !ok && (res.refused || ctx.attempt >= WEBHOOK_MAX_ATTEMPTS);

  await deps.db.transaction().execute(async (trx) => {
    const { attempts } = await trx
      .updateTable('webhook_deliveries')
      .set({
        attempts: sql`attempts + 1`,
        status: ok ? 'succeeded' : final ? 'failed' : 'retrying',
        last_status_code: res.statusCode ?? null,
        last_error: error?.slice(0, 2000) ?? null,
        delivered_at: ok ? sql`now()` : null,
      })
      .where('id', '=', deliveryId)
      .returning('attempts')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('webhook_attempts')
      .values({ delivery_id: deliveryId, attempt: attempts, url: res.url, status_code: res.statusCode ?? null, duration_ms: durationMs, response_excerpt: res.excerpt ?? null, error: error?.slice(0, 2000) ?? null })
      .execute();
  });
  if (ok) return { statusCode: res.statusCode };
  if (res.refused) throw new PermanentJobError(`webhook refused: ${error}`);
  throw new Error(`webhook delivery failed: ${error}`);
};
