import { z } from 'zod';
import { ZId, zText } from './common.js';

/**
 * Issue 22: the domain events an endpoint may subscribe to. Each is written in the transaction of its data
 * (packages/db recordWebhookEvent) and delivered at least once, signed (Standard Webhooks) under a stable id.
 */
export const WEBHOOK_EVENT_TYPES = [
  'inspection.created',
  'inspection.status_changed',
  'inspection.finished',
  'inspection.rated',
  'audit.finished',
  'audit.reopened',
  'document.uploaded',
  'customer.merged',
  'inspection.due',
  'inspection.overdue',
  'action.created',
  'action.assigned',
  'action.closed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** 'Send test event' (never subscribed to; sent to the one endpoint asked). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const webhookEventLabels: Record<WebhookEventType, string> = {
  'inspection.created': 'Inspection created',
  'inspection.status_changed': 'Inspection status changed',
  'inspection.finished': 'Inspection finished',
  'inspection.rated': 'Inspection rated',
  'audit.finished': 'Audit finished',
  'audit.reopened': 'Audit reopened',
  'document.uploaded': 'Document uploaded',
  'customer.merged': 'Customer merged',
  'inspection.due': 'Inspection due',
  'inspection.overdue': 'Inspection overdue',
  'action.created': 'Follow-up action created',
  'action.assigned': 'Follow-up action assigned',
  'action.closed': 'Follow-up action closed',
};

/**
 * Retries (docs/decisions.md "Webhooks"): 14 attempts, the n-th retry after base × 2^(n−1), capped at 240 × base.
 * With the default base of 60 s: 1, 2, 4 … 128 min, then every 4 h: about 24 h from the first attempt to the last.
 */
export const WEBHOOK_MAX_ATTEMPTS = 14;
export const webhookRetryDelayMs = (attemptsMade: number, baseMs: number) => Math.min(baseMs * 2 ** Math.max(0, attemptsMade - 1), baseMs * 240);

const zWebhookUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http or https URL' })
  .max(2000);

export const ZWebhookEndpointInput = z.strictObject({
  url: zWebhookUrl,
  description: zText().trim().max(500).default(''),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, 'choose at least one event').max(WEBHOOK_EVENT_TYPES.length),
  enabled: z.boolean().default(true),
});
export type TWebhookEndpointInput = z.input<typeof ZWebhookEndpointInput>;

export const ZWebhookEndpointUpdate = ZWebhookEndpointInput.partial().extend({ id: ZId });
export type TWebhookEndpointUpdate = z.input<typeof ZWebhookEndpointUpdate>;

export const ZWebhookEndpoint = z.object({
  id: ZId,
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Deliveries that have not succeeded yet and failed ones, for the list. */
  failing: z.number(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZWebhookDeliveryStatus = z.enum(['pending', 'retrying', 'succeeded', 'failed']);

export const ZWebhookAttempt = z.object({
  attempt: z.number(),
  at: z.number(),
  url: z.string(),
  statusCode: z.number().nullable(),
  durationMs: z.number(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

export const ZWebhookDelivery = z.object({
  id: ZId,
  eventId: ZId,
  eventType: z.string(),
  status: ZWebhookDeliveryStatus,
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.number(),
  deliveredAt: z.number().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryDetail = ZWebhookDelivery.extend({ body: z.string(), attemptLog: z.array(ZWebhookAttempt) });
export type TWebhookDeliveryDetail = z.infer<typeof ZWebhookDeliveryDetail>;

export const ZWebhookDeliveryQuery = z.strictObject({
  endpointId: ZId,
  offset: z.number().int().min(0).default(0),
  amount: z.number().int().min(1).max(200).default(50),
});
export const ZWebhookIdInput = z.strictObject({ id: ZId });
