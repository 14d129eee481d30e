import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';
import { unknownFieldPath } from '../rest/strict-bodies.js';

/** One error shape for every REST error; 5xx details stay in the log, never in the answer. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return reply.status(err.status).send(err.toBody());
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => {
        const path = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
        // A strict body's unknown keys (rest/strict-bodies.ts) are reported at the field itself.
        const keys = v.keyword === 'unrecognized_keys' ? ((v.params as { keys?: string[] }).keys ?? []) : [];
        if (keys.length) return { path: unknownFieldPath(path, keys), message: keys.length > 1 ? `is not a field of this call (nor ${keys.slice(1).join(', ')})` : 'is not a field of this call' };
        return { path, message: v.message ?? 'is invalid' };
      });
      const message = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : `${err.validationContext}: ${i.message}`)).join('; ');
      return reply.status(400).send({ statusCode: 400, error: 'BAD_REQUEST', message, field: issues[0]?.path || undefined });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause?.issues }, 'response did not match its schema');
      return reply.status(500).send({ statusCode: 500, error: 'INTERNAL', message: 'Internal server error' });
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.status(status).send({ statusCode: status, error: 'INTERNAL', message: 'Internal server error' });
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type): safe to tell.
    return reply.status(status).send({ statusCode: status, error: err.code ?? 'BAD_REQUEST', message: err.message });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ statusCode: 404, error: 'NOT_FOUND', message: `Route ${req.method} ${req.url.split('?')[0]} not found` });
  });
});
