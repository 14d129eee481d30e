import { sql } from 'kysely';
import type { z } from 'zod';
import { P, ZWebhookEndpointInput, ZWebhookEndpointUpdate, type TWebhookEndpoint } from '@insp/contracts';
import { generateWebhookSecret, urlRefusal } from '@insp/webhooks';
import type { Db } from '@insp/db';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { badField, fromZodIssues, notFound } from '../../errors.js';

/**
 * Issue 22: the endpoints of /Webhooks, staff Admins only (P.webhooks). A URL must be http(s), and a literal address
 * the policy refuses (private, loopback, link-local, unless WEBHOOK_ALLOW_* says otherwise) is a 400 naming `url`
 * here; a name is checked on its resolved address at each delivery (packages/webhooks post.ts).
 */
const endpointColumns = ['e.id', 'e.url', 'e.description', 'e.events', 'e.enabled', 'e.created_at', 'e.updated_at'] as const;

function selectEndpoints(db: Db) {
  return db
    .selectFrom('webhook_endpoints as e')
    .select(endpointColumns)
    .select(sql<number>`(select count(*)::int from webhook_deliveries d where d.endpoint_id = e.id and d.status in ('retrying', 'failed'))`.as('failing'));
}

type EndpointRow = Awaited<ReturnType<ReturnType<typeof selectEndpoints>['executeTakeFirstOrThrow']>>;
const toEndpoint = (r: EndpointRow): TWebhookEndpoint => ({
  id: r.id, url: r.url, description: r.description, events: r.events, enabled: r.enabled,
  createdAt: r.created_at.getTime(), updatedAt: r.updated_at.getTime(), failing: r.failing,
});

function checkUrl(ctx: ServiceContext, url: string) {
  const refusal = urlRefusal(ctx.config.webhooks.policy, new URL(url));
  if (refusal) throw badField('url', refusal);
}

export async function listWebhookEndpoints(ctx: ServiceContext): Promise<TWebhookEndpoint[]> {
  const c = requirePermission(ctx, P.webhooks);
  return (await selectEndpoints(c.db).orderBy('e.created_at').orderBy('e.id').execute()).map(toEndpoint);
}

export async function getWebhookEndpoint(ctx: ServiceContext, id: string): Promise<TWebhookEndpoint> {
  const c = requirePermission(ctx, P.webhooks);
  const row = await selectEndpoints(c.db).where('e.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Webhook endpoint');
  return toEndpoint(row);
}

/** The secret is made here (`whsec_` + 24 random bytes) and answered with the new endpoint; Admins may read it again. */
export async function createWebhookEndpoint(ctx: ServiceContext, input: z.input<typeof ZWebhookEndpointInput>): Promise<TWebhookEndpoint & { secret: string }> {
  const c = requirePermission(ctx, P.webhooks);
  const parsed = ZWebhookEndpointInput.safeParse(input);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  checkUrl(c, parsed.data.url);
  const secret = generateWebhookSecret();
  const { id } = await c.db
    .insertInto('webhook_endpoints')
    .values({ ...parsed.data, events: [...new Set(parsed.data.events)], secret, created_by_user_id: c.actor.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...(await getWebhookEndpoint(c, id)), secret };
}

export async function updateWebhookEndpoint(ctx: ServiceContext, input: z.input<typeof ZWebhookEndpointUpdate>): Promise<TWebhookEndpoint> {
  const c = requirePermission(ctx, P.webhooks);
  const parsed = ZWebhookEndpointUpdate.safeParse(input);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  const { id, ...changes } = parsed.data;
  if (changes.url) checkUrl(c, changes.url);
  if (changes.events) changes.events = [...new Set(changes.events)];
  const r = await c.db.updateTable('webhook_endpoints').set(changes).where('id', '=', id).executeTakeFirst();
  if (!Number(r.numUpdatedRows)) throw notFound('Webhook endpoint');
  return getWebhookEndpoint(c, id);
}

/** Deleting an endpoint deletes its deliveries and their attempts; a delivery job already queued then finds nothing. */
export async function deleteWebhookEndpoint(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  const c = requirePermission(ctx, P.webhooks);
  await inTransaction(c, async (tx) => {
    const r = await tx.db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
    if (!Number(r.numDeletedRows)) throw notFound('Webhook endpoint');
    // events no delivery refers to any more are of no use
    await tx.db.deleteFrom('webhook_events').where(({ not, exists, selectFrom }) => not(exists(selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_id', '=', 'webhook_events.id')))).execute();
  });
  return { id };
}

/** The signing secret, for an Admin setting up the receiver (the screen shows it on request, not in the list). */
export async function revealWebhookSecret(ctx: ServiceContext, id: string): Promise<{ id: string; secret: string }> {
  const c = requirePermission(ctx, P.webhooks);
  const row = await c.db.selectFrom('webhook_endpoints').select('secret').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Webhook endpoint');
  return { id, secret: row.secret };
}
