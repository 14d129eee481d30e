import { sql } from 'kysely';
import type { WebhookEventType } from '@insp/contracts';
import type { Db } from '../client.js';
import { enqueueJob } from './outbox.js';

/**
 * Issue 22: a domain event for the webhooks. Call it with the transaction that writes the data the event is about:
 * the event (its body stored once, the exact bytes every attempt and replay sends), one delivery per enabled endpoint
 * subscribed to the type and one outbox job per delivery commit with the data or not at all. Nothing is written
 * when no endpoint listens: webhooks do not backfill, so an event nobody subscribed to would never be read.
 */
export async function recordWebhookEvent(db: Db, type: WebhookEventType | 'webhook.test', data: Record<string, unknown>, onlyEndpointId?: string): Promise<string | null> {
  let q = db.selectFrom('webhook_endpoints').select('id').where('enabled', '=', true);
  q = onlyEndpointId ? q.where('id', '=', onlyEndpointId) : q.where(sql<boolean>`events @> array[${type}]::text[]`);
  const endpoints = await q.execute();
  if (!endpoints.length) return null;
  const id = crypto.randomUUID();
  // key order fixed here; the body is stored as text, so it is never re-serialized
  const body = JSON.stringify({ id, type, timestamp: new Date().toISOString(), data });
  await db.insertInto('webhook_events').values({ id, type, body }).execute();
  const deliveries = await db
    .insertInto('webhook_deliveries')
    .values(endpoints.map((e) => ({ event_id: id, endpoint_id: e.id })))
    .returning('id')
    .execute();
  for (const d of deliveries) await enqueueJob(db, 'webhooks.deliver', { deliveryId: d.id }, { idempotencyKey: `webhooks.deliver:${d.id}` });
  return id;
}
