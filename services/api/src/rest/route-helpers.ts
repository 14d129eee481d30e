import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../context.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Built by the auth plugin for every request: database, actor, config, logger, job kicker. */
    ctx: ServiceContext;
  }
  interface FastifyInstance {
    routeList: Array<{ method: string; url: string; public: boolean }>;
  }
  interface FastifyContextConfig {
    /** Reachable without a bearer token (sign-in, set-password, health). */
    public?: boolean;
  }
}

export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
export const ctxOf = (req: FastifyRequest) => req.ctx;
