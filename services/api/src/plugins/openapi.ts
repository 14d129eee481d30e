import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document of the REST routes (api/v1 and auth) at /api/docs (JSON at /api/docs/json). */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Inspections API', version: '1.0.0', description: 'Public REST contract for the field app and integrations.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: (args) => {
      const url = args.url;
      if (!url.startsWith('/api/v1') && !url.startsWith('/auth')) return { schema: { ...args.schema, hide: true }, url };
      return jsonSchemaTransform(args);
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
});
