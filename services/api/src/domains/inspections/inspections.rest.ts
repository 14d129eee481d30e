import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  InspectionRatings,
  InspectionStatuses,
  listResponse,
  ZId,
  ZInspectionDeleteQuery,
  ZInspectionListItem,
  ZInspectionListQuery,
  ZInspectionRatingInput,
  ZInspectionStatusInput,
  ZSharedLinkQuery,
  ZText,
} from '@insp/contracts';
import { contentDisposition } from '@insp/storage';
import { answerOnce, keyedWrite } from '../../rest/keyed-route.js';
import { typed } from '../../rest/route-helpers.js';
import { inspectionReportPdf, inspectionReportPdfUrl } from './inspection-pdf.service.js';
import { listInspections } from './inspections-list.service.js';
import { deleteInspection, rateInspection, updateInspectionStatus } from './inspections-write.service.js';

const tags = ['inspections'];
const params = z.object({ id: ZId });

/** Inspection list, status, rating and delete calls of spec 000 §7 at their exact paths. */
export async function inspectionsRestRoutes(app: FastifyInstance) {
  const r = typed(app);
  // Status and rating bodies are a bare value ("Waiting", "Ok"); clients may send them as text/plain too.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  r.get('/api/v1/inspections', {
    schema: { tags, summary: 'Reports list and My page (mineOnly); distributors see their company only', querystring: ZInspectionListQuery, response: { 200: listResponse(ZInspectionListItem) } },
    handler: (req) => listInspections(req.ctx, req.query),
  });
  r.get('/api/v1/inspections/:id/reportpdf/storageurl', {
    schema: {
      tags,
      summary: 'A shared download link of the report PDF, valid for `days` (default 7, the SHARED_LINK_DAYS setting) until revoked: { url, expiresAt, fileName, id }; 202 while it is still rendering',
      params,
      querystring: ZSharedLinkQuery,
    },
    handler: async (req, reply) => {
      const answer = await inspectionReportPdfUrl(req.ctx, req.params.id, req.query.lang, req.query.days);
      if (!answer.ready) return reply.status(202).header('retry-after', answer.retryAfterSeconds).send({ status: 'pending' });
      return { url: answer.url, expiresAt: answer.expiresAt, fileName: answer.fileName, id: answer.id };
    },
  });
  r.get('/api/v1/inspections/:id/reportpdf', {
    schema: {
      tags,
      summary: 'The report as PDF in a language (default en): 200 the file (name yyyymmdd_{serial}_{type}.pdf), or 202 while it is still rendering (ask again after Retry-After)',
      params,
      querystring: z.object({ lang: ZText.trim().toLowerCase().max(10).default('en') }),
    },
    handler: async (req, reply) => {
      const answer = await inspectionReportPdf(req.ctx, req.params.id, req.query.lang);
      if (!answer.ready) return reply.status(202).header('retry-after', answer.retryAfterSeconds).send({ status: 'pending' });
      return reply
        .type('application/pdf')
        .header('content-length', answer.file.size)
        .header('content-disposition', contentDisposition(answer.fileName))
        .header('cache-control', 'private, no-cache')
        .send(answer.file.body);
    },
  });
  r.put('/api/v1/inspections/:id/updateStatus', {
    schema: {
      tags,
      summary: 'Changes the status: In_Use → Waiting (admin or inspector contact), Finished and other changes (Admin)',
      params,
      body: ZInspectionStatusInput,
      response: { 200: z.object({ id: ZId, status: z.enum(InspectionStatuses) }) },
    },
    handler: (req) => updateInspectionStatus(req.ctx, req.params.id, req.body),
  });
  r.put('/api/v1/inspections/:id/rating', {
    schema: {
      tags,
      summary: 'Rates a finished inspection Ok or Nok (Admin or the Rater flag)',
      params,
      body: ZInspectionRatingInput,
      response: { 200: z.object({ id: ZId, rating: z.enum(InspectionRatings) }) },
    },
    handler: (req) => rateInspection(req.ctx, req.params.id, req.body),
  });
  r.delete('/api/v1/inspections/:id', {
    ...keyedWrite('inspection.delete'),
    schema: { tags, summary: 'Deletes an inspection (soft; Manager and above)', params, querystring: ZInspectionDeleteQuery, response: { 200: z.object({ id: ZId }) } },
    handler: (req, reply) => answerOnce(req, reply, 200, (ctx) => deleteInspection(ctx, req.params.id)),
  });
}
