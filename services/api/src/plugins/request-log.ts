import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * One log line per API request with the fields the Web logs screen shows (spec 002 §3: date, user, method,
 * status code, duration, url). The line is marked `weblog` so log aggregation can pick it out.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (req, reply) => {
    if (req.url === '/health' || req.url === '/ready' || req.url.startsWith('/assets/')) return;
    req.log.info(
      {
        weblog: true,
        user: req.ctx?.actor?.email ?? null,
        method: req.method,
        statusCode: reply.statusCode,
        duration: Math.round(reply.elapsedTime),
        url: req.url,
      },
      'request',
    );
  });
});
