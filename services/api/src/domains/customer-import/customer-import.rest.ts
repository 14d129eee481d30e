import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listResponse, P, ZListQuery, ZText } from '@insp/contracts';
import { requirePermission } from '../../context.js';
import { typed } from '../../rest/route-helpers.js';
import { IMPORT_MAX_BYTES, startCustomerImport } from './customer-import-start.service.js';
import { getCustomerImport, listCustomerImports } from './customer-import-read.service.js';
import { ZCustomerImport, ZCustomerImportWithErrors } from './customer-import.schemas.js';

const tags = ['customers'];

/**
 * REST routes of the customer import. The upload is the raw file as the request body (no multipart
 * plugin in this product): `POST /api/v1/customers/import?fileName=customers.xlsx` with any content type;
 * the service judges the bytes. The body parsers are replaced only inside this plugin, so the rest of
 * the API keeps its JSON parsing.
 */
export async function customerImportRestRoutes(app: FastifyInstance) {
  // Every route here is for customer administrators. Checked on request, before the body is read: a caller
  // without a token (or with a too-low role) must not make the server take in a 10 MB upload first. The
  // services check again; this hook only refuses early.
  app.addHook('onRequest', async (req) => {
    requirePermission(req.ctx, P.customersAdmin); // 401 without a token, 403 below customer administrator
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES + 1 }, (_req, body, done) => done(null, body));
  const r = typed(app);

  r.post('/api/v1/customers/import', {
    bodyLimit: IMPORT_MAX_BYTES + 1,
    // fileName is checked by the service after the permission check, so a caller without a token gets
    // 401 rather than a 400 that would tell them how to call the route.
    schema: { tags, summary: 'Starts a customer import from the uploaded workbook; 202 with the import id (the worker reads it)', querystring: z.object({ fileName: ZText.optional() }), response: { 202: z.object({ id: z.uuid() }) } },
    handler: async (req, reply) => {
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const result = await startCustomerImport(req.ctx, { fileName: req.query.fileName, bytes });
      return reply.status(202).send(result);
    },
  });

  r.get('/api/v1/customers/import', {
    schema: { tags, summary: 'Customer imports, newest first, paged', querystring: ZListQuery, response: { 200: listResponse(ZCustomerImport) } },
    handler: (req) => listCustomerImports(req.ctx, req.query),
  });

  r.get('/api/v1/customers/import/:id', {
    schema: { tags, summary: "A customer import's state and its refused rows, paged", params: z.object({ id: z.uuid() }), querystring: ZListQuery, response: { 200: ZCustomerImportWithErrors } },
    handler: (req) => getCustomerImport(req.ctx, req.params.id, req.query),
  });
}
