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
    /**
     * The answer is built field by field by a mapper typed by the contract (keys in the schema's order, no codecs or
     * transforms), so it is sent as it is with JSON.stringify, without zod's encode: a copy of every object and a
     * result object per field, the largest garbage of a 50-row list (issue 18). Outside production every answer is
     * still encoded and must come out the same, so the route's tests catch a mapper that drifts from the schema.
     */
    builtAnswer?: boolean;
  }
}

export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
export const ctxOf = (req: FastifyRequest) => req.ctx;

/**
 * The serializer of a `builtAnswer` route (see FastifyContextConfig): JSON.stringify of the answer as built. With
 * `check`, the answer is also encoded by its schema and a different result is an error (tests, development).
 */
export const builtAnswerSerializer =
  (check: (data: unknown) => string, checking: boolean) =>
  (data: unknown): string => {
    const json = JSON.stringify(data);
    if (checking && check(data) !== json) throw new Error('builtAnswer: the answer differs from its schema\'s encoding');
    return json;
  };
