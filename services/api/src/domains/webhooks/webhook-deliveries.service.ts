import { sql } from 'kysely';
import type { z } from 'zod';
import { P, WEBHOOK_TEST_EVENT, type TListResponse, type TWebhookDelivery, type TWebhookDeliveryDetail, type ZWebhookDeliveryQuery } from '@insp/contracts';
import { enqueueJob, recordWebhookEvent, type Db } from '@insp/db';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';

/** Issue 22: what /Webhooks/:id shows of an endpoint's deliveries, and its two actions (replay, test event). */
function selectDeliveries(db: Db) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select(['d.id', 'd.event_id', 'e.type', 'd.status', 'd.attempts', 'd.last_status_code', 'd.last_error', 'd.created_at', 'd.delivered_at']);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectDeliveries>['executeTakeFirstOrThrow']>>;
const toDelivery = (r: Row): TWebhookDelivery => ({
  id: r.id, eventId: r.event_id, eventType: r.type, status: r.status as TWebhookDelivery['status'], attempts: r.attempts,
  lastStatusCode: r.last_status_code, lastError: r.last_error, createdAt: r.created_at.getTime(), deliveredAt: r.delivered_at?.getTime() ?? null,
});

/** Newest first, paged (an endpoint that fails for a day gathers many). */
export async function listWebhookDeliveries(ctx: ServiceContext, q: z.output<typeof ZWebhookDeliveryQuery>): Promise<TListResponse<TWebhookDelivery>> {
  const c = requirePermission(ctx, P.webhooks);
  const [rows, count] = await Promise.all([
    selectDeliveries(c.db).where('d.endpoint_id', '=', q.endpointId).orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').offset(q.offset).limit(q.amount).execute(),
    c.db.selectFrom('webhook_deliveries').select(sql<number>`count(*)::int`.as('n')).where('endpoint_id', '=', q.endpointId).executeTakeFirstOrThrow(),
  ]);
  return { result: rows.map(toDelivery), count: count.n };
}

export async function getWebhookDelivery(ctx: ServiceContext, id: string): Promise<TWebhookDeliveryDetail> {
  const c = requirePermission(ctx, P.webhooks);
  const row = await selectDeliveries(c.db).select('e.body').where('d.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Webhook delivery');
  const attempts = await c.db.selectFrom('webhook_attempts').selectAll().where('delivery_id', '=', id).orderBy('id', 'desc').limit(100).execute();
  return {
    ...toDelivery(row),
    body: row.body,
    attemptLog: attempts.map((a) => ({ attempt: a.attempt, at: a.created_at.getTime(), url: a.url, statusCode: a.status_code, durationMs: a.duration_ms, responseExcerpt: a.response_excerpt, error: a.error })),
  };
}

/**
 * 'Replay': the same delivery (same event id, the stored body unchanged) is queued again, a new outbox row with its
 * own attempts; a replay of a delivery still retrying is refused (409), so one delivery never runs twice at once.
 */
export async function replayWebhookDelivery(ctx: ServiceContext, id: string): Promise<TWebhookDelivery> {
  const c = requirePermission(ctx, P.webhooks);
  await inTransaction(c, async (tx) => {
    const row = await tx.db.selectFrom('webhook_deliveries').select('status').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound('Webhook delivery');
    if (row.status === 'pending' || row.status === 'retrying') throw new AppError('CONFLICT', 'status: the delivery is still being attempted', 'status');
    await tx.db.updateTable('webhook_deliveries').set({ status: 'pending', delivered_at: null }).where('id', '=', id).execute();
    await enqueueJob(tx.db, 'webhooks.deliver', { deliveryId: id }, { idempotencyKey: `webhooks.deliver:${id}:replay:${crypto.randomUUID()}` });
  });
  return toDelivery(await selectDeliveries(c.db).where('d.id', '=', id).executeTakeFirstOrThrow());
}

/** 'Send test event': a `webhook.test` event to this endpoint only (enabled ones; a disabled endpoint is a 409). */
export async function sendWebhookTestEvent(ctx: ServiceContext, endpointId: string): Promise<{ eventId: string }> {
  const c = requirePermission(ctx, P.webhooks);
  const eventId = await inTransaction(c, async (tx) => {
    const endpoint = await tx.db.selectFrom('webhook_endpoints').select(['id', 'enabled']).where('id', '=', endpointId).executeTakeFirst();
    if (!endpoint) throw notFound('Webhook endpoint');
    if (!endpoint.enabled) throw new AppError('CONFLICT', 'enabled: the endpoint is disabled', 'enabled');
    return recordWebhookEvent(tx.db, WEBHOOK_TEST_EVENT, { message: 'Test event from the Webhooks screen', sentBy: c.actor.userId }, endpointId);
  });
  return { eventId: eventId! };
}
