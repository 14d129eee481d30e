import { z } from 'zod';
import { ZWebhookDeliveryQuery, ZWebhookEndpointInput, ZWebhookEndpointUpdate, ZWebhookIdInput } from '@insp/contracts';
import { authedProcedure, router } from '../../trpc/trpc.js';
import { createWebhookEndpoint, deleteWebhookEndpoint, getWebhookEndpoint, listWebhookEndpoints, revealWebhookSecret, updateWebhookEndpoint } from './webhook-endpoints.service.js';
import { getWebhookDelivery, listWebhookDeliveries, replayWebhookDelivery, sendWebhookTestEvent } from './webhook-deliveries.service.js';

/** tRPC procedures of /Webhooks (issue 22); every service checks P.webhooks (staff Admins). */
export const webhooksRouter = router({
  list: authedProcedure.input(z.strictObject({}).optional()).query(({ ctx }) => listWebhookEndpoints(ctx)),
  get: authedProcedure.input(ZWebhookIdInput).query(({ ctx, input }) => getWebhookEndpoint(ctx, input.id)),
  create: authedProcedure.input(ZWebhookEndpointInput).mutation(({ ctx, input }) => createWebhookEndpoint(ctx, input)),
  update: authedProcedure.input(ZWebhookEndpointUpdate).mutation(({ ctx, input }) => updateWebhookEndpoint(ctx, input)),
  delete: authedProcedure.input(ZWebhookIdInput).mutation(({ ctx, input }) => deleteWebhookEndpoint(ctx, input.id)),
  secret: authedProcedure.input(ZWebhookIdInput).query(({ ctx, input }) => revealWebhookSecret(ctx, input.id)),
  deliveries: authedProcedure.input(ZWebhookDeliveryQuery).query(({ ctx, input }) => listWebhookDeliveries(ctx, input)),
  delivery: authedProcedure.input(ZWebhookIdInput).query(({ ctx, input }) => getWebhookDelivery(ctx, input.id)),
  replay: authedProcedure.input(ZWebhookIdInput).mutation(({ ctx, input }) => replayWebhookDelivery(ctx, input.id)),
  sendTest: authedProcedure.input(ZWebhookIdInput).mutation(({ ctx, input }) => sendWebhookTestEvent(ctx, input.id)),
});
