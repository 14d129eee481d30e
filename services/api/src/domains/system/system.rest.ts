import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';

/** Liveness (/health: the process answers) and readiness (/ready: its database, and queue if any, answer). */
export async function systemRoutes(app: FastifyInstance, opts: { readinessChecks?: Record<string, () => Promise<unknown>> }) {
  app.get('/health', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/ready', { config: { public: true }, schema: { hide: true } }, async (req, reply) => {
    const checks: Record<string, string> = {};
    let ok = true;
    const all = { database: () => sql`select 1`.execute(req.ctx.db), ...opts.readinessChecks };
    for (const [name, check] of Object.entries(all)) {
      try {
        await Promise.race([check(), new Promise((_, rej) => setTimeout(() => rej(new Error('timeout')), 2000))]);
        checks[name] = 'ok';
      } catch (e) {
        ok = false;
        checks[name] = String((e as Error).message ?? e);
      }
    }
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ready' : 'not ready', checks });
  });
}
