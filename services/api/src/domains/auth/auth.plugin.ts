import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@insp/db';
import type { AppConfig } from '../../config.js';
import type { JobKicker } from '../../context.js';
import { unauthorized } from '../../errors.js';
import { isApiPath } from '../../lib/api-paths.js';
import { verifyAccessToken } from './tokens.js';
import { loadSession } from './session.service.js';

/**
 * Builds request.ctx for every request: resolves the bearer token to a session and actor (one query),
 * and refuses API routes that are not marked public when there is no valid token. It needs the auth domain's
 * tokens and sessions, so it lives in that domain and app.ts registers it (plugins/ import no domain).
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig; db: Db; jobs: JobKicker }) => {
  app.decorateRequest('ctx', null as never);
  app.addHook('onRequest', async (req) => {
    req.ctx = { db: opts.db, config: opts.config, jobs: opts.jobs, log: req.log, actor: null, session: null, ip: req.ip };
    const header = req.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (bearer) {
      const claims = verifyAccessToken(opts.config, bearer);
      const session = claims ? await loadSession(req.ctx, claims.sessionId) : null;
      if (session && session.row.id === claims!.userId) {
        req.ctx.actor = session.actor;
        req.ctx.session = { id: session.id, row: session.row };
      }
    }
  });
  // preValidation, not preHandler: a call without a token is a 401 before its body is judged (never a 400).
  app.addHook('preValidation', async (req) => {
    if (req.routeOptions.config?.public) return;
    const route = req.routeOptions.url;
    // tRPC procedures check their own access; the OpenAPI document is public like the contract it describes.
    if (!route || !isApiPath(route) || route.startsWith('/trpc') || route.startsWith('/api/docs')) return;
    if (!req.ctx.actor) throw unauthorized();
  });
});
