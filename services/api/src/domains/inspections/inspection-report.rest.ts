import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { ZId, ZReportHtmlQuery } from '@insp/contracts';
import { typed } from '../../rest/route-helpers.js';
import { inspectionReportHtml } from './inspection-report.service.js';

/**
 * The report carries customer-entered text. It is escaped by the renderer; the headers add a second wall: no
 * script may run and nothing but the product's own images and inline styles may load, should the document be
 * opened on its own.
 */
const REPORT_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/** GET api/v1/inspections/{id}/reporthtml (000 §7): the report as text/html. */
export async function inspectionReportRestRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get('/api/v1/inspections/:id/reporthtml', {
    schema: {
      tags: ['inspections'],
      summary: 'The report as one HTML document in a language (default en); distributors only their company’s reports',
      params: z.object({ id: ZId }),
      querystring: ZReportHtmlQuery,
      produces: ['text/html'],
    },
    handler: async (req, reply) => {
      const html = await inspectionReportHtml(req.ctx, req.params.id, req.query.lang, req.query.timeZone);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', REPORT_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache')
        .send(html);
    },
  });
}
