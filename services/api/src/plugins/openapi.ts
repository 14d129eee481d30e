import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { completeOpenApiDocument } from './openapi-document.js';

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
      return jsonSchemaTransform(args);
    },
    // Schemas registered with an id (the recursive category trees, issue 21) become components the routes refer to.
    transformObject: (documentObject) =>
      completeOpenApiDocument('openapiObject' in documentObject ? (jsonSchemaTransformObject(documentObject) as typeof documentObject.openapiObject) : documentObject.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
});
