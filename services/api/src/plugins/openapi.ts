import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdempotencyKey } from '@insp/contracts';
import { completeOpenApiDocument } from './openapi-document.js';

const IDEMPOTENCY_HEADERS = z.object({
  'Idempotency-Key': ZIdempotencyKey.optional().describe(
    'A key the client makes for this write (1-200 visible ASCII characters; a UUID). Sent again with the same request by the same user, the write is applied once and the first answer (status and body) is repeated; the same key with another request is a 409 naming Idempotency-Key. Kept a day.',
  ),
});

/**
 * OpenAPI document of the REST routes (api/v1 and auth) at /api/docs (JSON at /api/docs/json). OpenAPI 3.1, so a
 * nullable field is a JSON Schema type list rather than 3.0's `nullable` (which needs a `type` sibling zod cannot
 * always give); every operation gets an operationId and the error answers (openapi-document.ts), so that integrators'
 * tools (redocly lint, generated clients, validating proxies) take it as it is.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Inspections API',
        version: '1.0.0',
        description: 'Public REST contract for the field app and integrations.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // Relative: the document describes the server it is read from.
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: (args) => {
      const url = args.url;
      if (!url.startsWith('/api/v1') && !url.startsWith('/auth')) return { schema: { ...args.schema, hide: true }, url };
      // A keyed field write (issue 23) lists its optional Idempotency-Key header (read by rest/keyed-route.ts).
      const keyed = args.route.config?.idempotencyKey ? { headers: IDEMPOTENCY_HEADERS } : {};
      return jsonSchemaTransform({ ...args, schema: { ...args.schema, ...keyed } });
    },
    // Schemas registered with an id (the recursive category trees, issue 21) become components the routes refer to.
    transformObject: (documentObject) =>
      completeOpenApiDocument('openapiObject' in documentObject ? (jsonSchemaTransformObject(documentObject) as typeof documentObject.openapiObject) : documentObject.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
});
