import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '@insp/storage';
import { PROTOCOL_EXPORT_CONTENT_TYPE } from '@insp/report';
import { listResponse, ZDueExport, ZDueQuery, ZId, ZPlan, ZPlanBulkInput, ZPlanBulkResult, ZPlanInput, ZPlanUpdate } from '@insp/contracts';
import { typed } from '../../rest/route-helpers.js';
import { getPlan, listDuePlans } from './plans-read.service.js';
import { dueExportFile, dueExportStatus, startDueExport } from './plans-export.service.js';
import { createPlan, createPlansForSite, deletePlan, updatePlan } from './plans-write.service.js';

const tags = ['plans'];
const params = z.object({ id: ZId });

/** Inspection plans and due lists (issue 24; not in the spec): docs/decisions.md "Inspection plans and due dates". */
export async function planRestRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get('/api/v1/plans/due', {
    schema: {
      tags,
      summary: 'Plans by due date: what is due within `within` days (default 30), overdue or in progress; per customer, site, equipment or inspector (`me`)',
      querystring: ZDueQuery,
      response: { 200: listResponse(ZPlan) },
    },
    handler: (req) => listDuePlans(req.ctx, req.query),
  });
  r.post('/api/v1/plans/due/export', {
    schema: {
      tags,
      summary: "Starts the due list's Excel export with the list's filters (querystring as GET plans/due); 202 with its status to poll",
      querystring: ZDueQuery,
      response: { 202: ZDueExport },
    },
    handler: async (req, reply) => reply.status(202).send(await startDueExport(req.ctx, req.query)),
  });
  r.get('/api/v1/plans/due/export/:id', {
    schema: { tags, summary: "A due export's status and progress (rowsDone of rowsTotal); only the caller's own", params, response: { 200: ZDueExport } },
    handler: (req) => dueExportStatus(req.ctx, req.params.id),
  });
  r.get('/api/v1/plans/due/export/:id/file', {
    schema: { tags, summary: "The due export's .xlsx once its status is ready (409 before)", params },
    handler: async (req, reply) => {
      const { file, fileName } = await dueExportFile(req.ctx, req.params.id);
      return reply
        .type(PROTOCOL_EXPORT_CONTENT_TYPE)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(fileName))
        .header('cache-control', 'private, no-cache')
        .send(file.body);
    },
  });
  r.get('/api/v1/plans/:id', {
    schema: { tags, summary: 'One plan with its due date and state', params, response: { 200: ZPlan } },
    handler: (req) => getPlan(req.ctx, req.params.id),
  });
  r.post('/api/v1/plans', {
    schema: { tags, summary: 'Creates a plan for one equipment (staff Managers and Admins); 201 with it', body: ZPlanInput, response: { 201: ZPlan } },
    handler: async (req, reply) => reply.status(201).send(await createPlan(req.ctx, req.body)),
  });
  r.post('/api/v1/plans/bulk', {
    schema: {
      tags,
      summary: 'Creates a plan for every live equipment at a customer site (optionally of one product family or model); machines with a plan of the type keep it',
      body: ZPlanBulkInput,
      response: { 200: ZPlanBulkResult },
    },
    handler: (req) => createPlansForSite(req.ctx, req.body),
  });
  r.put('/api/v1/plans/:id', {
    schema: { tags, summary: 'Changes a plan (protocol, grace days, inspector, customer reminder, start date)', params, body: ZPlanUpdate, response: { 200: ZPlan } },
    handler: (req) => updatePlan(req.ctx, req.params.id, req.body),
  });
  r.delete('/api/v1/plans/:id', {
    schema: { tags, summary: 'Deletes a plan (soft)', params, response: { 200: z.object({ id: ZId }) } },
    handler: (req) => deletePlan(req.ctx, req.params.id),
  });
}
