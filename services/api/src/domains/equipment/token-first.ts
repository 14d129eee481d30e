import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../errors.js';

/**
 * The auth plugin refuses a missing token in preHandler, which runs after schema validation, so a call
 * without a token but with a bad query or body would learn a 400 about our input shapes instead of a 401.
 * Hooked into this domain's (encapsulated) REST plugin only: every non-public route asks for the token first.
 */
export function tokenBeforeValidation(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (!req.routeOptions.config?.public && !req.ctx.actor) throw unauthorized();
  });
}
