import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../lib/api-paths.js';

/** What one API request leaves for the Web logs screen (spec 002 §3). */
export interface RequestLogEntry {
  at: Date;
  userId: string | null;
  user: string | null;
  method: string;
  statusCode: number;
  durationMs: number;
  url: string;
}

/**
 * Grants that travel in URLs never reach the web_logs table, which Developers read: a shared link's token (the table
 * of links keeps only its hash, decisions "Shared report links"), a signed file URL's signature, the sign-in
 * callback's code and state. What is left still says which call it was.
 */
export function redactUrl(url: string): string {
  if (/^\/api\/v1\/shared\/[^/?]/i.test(url)) return '/api/v1/shared/[token]';
  if (/^\/auth\/callback\?/i.test(url)) return '/auth/callback?[redacted]';
  if (/^\/api\/v1\/files\//i.test(url)) return url.replace(/([?&]sig=)[^&]*/i, '$1[redacted]');
  return url.length > 2000 ? url.slice(0, 2000) : url;
}

/**
 * One log line per API request with the fields the Web logs screen shows (spec 002 §3: date, user, method,
 * status code, duration, url). The line is marked `weblog` so log aggregation can pick it out. Issue 22: API calls
 * (not the web app's files) are also handed to `record`, which only queues them (domains/logs/web-log-buffer.ts):
 * nothing here waits for the database.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance, opts: { record?: (entry: RequestLogEntry) => void }) => {
  const record = opts.record;
  app.addHook('onResponse', async (req, reply) => {
    if (req.url === '/health' || req.url === '/ready' || req.url.startsWith('/assets/')) return;
    const actor = req.ctx?.actor;
    const duration = reply.elapsedTime;
    req.log.info(
      {
        weblog: true,
        user: actor?.email ?? null,
        method: req.method,
        statusCode: reply.statusCode,
        duration: Math.round(duration),
        url: req.url,
      },
      'request',
    );
    if (record && isApiPath(req.url)) {
      record({
        // When it started: now less the (fractional) duration, rounded up, so that it is never earlier than a
        // whole-millisecond clock read before the request began (Date.now() truncates; a filter's start is such a read).
        at: new Date(Math.ceil(Date.now() - duration)),
        userId: actor?.userId ?? null,
        user: actor?.email ?? null,
        method: req.method,
        statusCode: reply.statusCode,
        durationMs: Math.round(duration * 100) / 100,
        url: redactUrl(req.url),
      });
    }
  });
});
