import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { ZAuditReportHtmlQuery, ZAuditReportQuery, ZId, ZSharedLinkQuery } from '@insp/contracts';
import { contentDisposition } from '@insp/storage';
import { typed } from '../../rest/route-helpers.js';
import { auditReportHtml, auditReportPdf, auditReportPdfUrl } from './audit-report.service.js';

const tags = ['audits'];
const params = z.object({ id: ZId });
/** As for inspection reports (inspection-report.rest.ts): no script runs, only our images and inline styles load. */
const REPORT_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/** The audit report calls of 000 §7: reporthtml, reportpdf and reportpdf/storageurl. */
export async function auditReportRestRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get('/api/v1/audits/:id/reporthtml', {
    schema: { tags, summary: 'The audit report as one HTML document in a language (default en); only runs included in the report', params, querystring: ZAuditReportHtmlQuery, produces: ['text/html'] },
    handler: async (req, reply) =>
      reply.type('text/html; charset=utf-8').header('content-security-policy', REPORT_CSP).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-cache')
        .send(await auditReportHtml(req.ctx, req.params.id, req.query.lang, req.query.timeZone)),
  });
  r.get('/api/v1/audits/:id/reportpdf', {
    schema: { tags, summary: 'The audit report as PDF ({yyyymmdd}_audit_{lang}.pdf), or 202 while it is still printing (ask again after Retry-After)', params, querystring: ZAuditReportQuery },
    handler: async (req, reply) => {
      const answer = await auditReportPdf(req.ctx, req.params.id, req.query.lang);
      if (!answer.ready) return reply.status(202).header('retry-after', answer.retryAfterSeconds).send({ status: 'pending' });
      return reply.type('application/pdf').header('content-length', answer.file.size).header('content-disposition', contentDisposition(answer.fileName))
        .header('cache-control', 'private, no-cache').send(answer.file.body);
    },
  });
  r.get('/api/v1/audits/:id/reportpdf/storageurl', {
    schema: {
      tags,
      summary: 'A shared download link of the audit report PDF, valid for `days` (default 7, the SHARED_LINK_DAYS setting) until revoked: { url, expiresAt, fileName, id }; 202 while it is still printing',
      params,
      querystring: ZSharedLinkQuery,
    },
    handler: async (req, reply) => {
      const answer = await auditReportPdfUrl(req.ctx, req.params.id, req.query.lang, req.query.days);
      if (!answer.ready) return reply.status(202).header('retry-after', answer.retryAfterSeconds).send({ status: 'pending' });
      return { url: answer.url, expiresAt: answer.expiresAt, fileName: answer.fileName, id: answer.id };
    },
  });
}
