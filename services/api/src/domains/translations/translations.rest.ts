import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { P, ZText, ZTranslationsExcelLink, ZTranslationsImportReport } from '@insp/contracts';
import { requirePermission } from '../../context.js';
import { typed } from '../../rest/route-helpers.js';
import { translationsExcelLink } from './translations-export.service.js';
import { importTranslations, TRANSLATIONS_IMPORT_MAX_BYTES } from './translations-import.service.js';

const tags = ['translations'];

/** GET api/v1/translations/excelLink (002 §7). Its query is checked by the service, after the role (401/403 first). */
export async function translationsRestRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get('/api/v1/translations/excelLink', {
    schema: {
      tags,
      summary: "A link to the Excel workbook of the categories' point name or description translations (staff admins)",
      querystring: z.object({ type: ZText.optional(), categories: ZText.optional() }),
      response: { 200: ZTranslationsExcelLink },
    },
    handler: (req) => translationsExcelLink(req.ctx, req.query),
  });
  await app.register(translationsImportRoute);
}

/**
 * POST api/v1/translations/import?fileName= : the edited workbook as the raw request body (like the customer
 * import); answers the per-row report. The body parsers are replaced only inside this plugin.
 */
async function translationsImportRoute(app: FastifyInstance) {
  // Refused before the body is read: a caller below staff admin must not make the server take in 5 MB first.
  app.addHook('onRequest', async (req) => {
    requirePermission(req.ctx, P.translations);
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: TRANSLATIONS_IMPORT_MAX_BYTES + 1 }, (_req, body, done) => done(null, body));
  typed(app).post('/api/v1/translations/import', {
    bodyLimit: TRANSLATIONS_IMPORT_MAX_BYTES + 1,
    schema: { tags, summary: 'Imports an edited translations workbook; answers what happened to each row', querystring: z.object({ fileName: ZText.optional() }), response: { 200: ZTranslationsImportReport } },
    handler: (req) => importTranslations(req.ctx, { fileName: req.query.fileName, bytes: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0) }),
  });
}
