import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { ZBackgroundService, ZBackgroundServiceEnabled, ZBackgroundServiceId } from '@insp/contracts';
import { typed } from '../../rest/route-helpers.js';
import { listBackgroundServices, resetService, setServiceEnabled } from './background-services.service.js';

const tags = ['background services'];

/** REST api/v1 routes of /BackgroundServices (spec 002 §7) at their exact paths. */
export async function backgroundServicesRestRoutes(app: FastifyInstance) {
  const r = typed(app);

  r.get('/api/v1/backgroundServices', {
    schema: { tags, summary: "The worker's recurring jobs: status, last and next run, last error and duration, enabled", response: { 200: z.array(ZBackgroundService) } },
    handler: (req) => listBackgroundServices(req.ctx),
  });
  r.post('/api/v1/backgroundServices/:id/enabled', {
    schema: {
      tags,
      summary: 'Enables or disables a background service in every worker process',
      params: ZBackgroundServiceId,
      body: ZBackgroundServiceEnabled,
      response: { 200: ZBackgroundService },
    },
    handler: (req) => setServiceEnabled(req.ctx, req.params.id, req.body.enabled),
  });
  r.post('/api/v1/backgroundServices/:id/reset', {
    schema: { tags, summary: 'Clears a failed state and runs the service again (unless disabled)', params: ZBackgroundServiceId, response: { 200: ZBackgroundService } },
    handler: (req) => resetService(req.ctx, req.params.id),
  });
}
