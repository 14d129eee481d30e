import Fastify, { LogController, type FastifyInstance } from 'fastify';
import pino from 'pino';
import type { ZodType } from 'zod';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { Db } from '@insp/db';
import type { AppConfig } from './config.js';
import type { JobKicker } from './context.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { openApiPlugin } from './plugins/openapi.js';
import { webStaticPlugin } from './plugins/web-static.js';
import { requestLogPlugin } from './plugins/request-log.js';
import { appRouter, type AppRouter } from './app-router.js';
import { restRoutes } from './rest-v1-routes.js';
import { strictDeep } from './rest/strict-bodies.js';
import { builtAnswerSerializer } from './rest/route-helpers.js';
import { authPlugin } from './domains/auth/auth.plugin.js';
import { systemRoutes } from './domains/system/system.rest.js';
import { WebLogBuffer } from './domains/logs/web-log-buffer.js';

export interface AppDeps {
  config: AppConfig;
  db: Db;
  jobs: JobKicker;
  readinessChecks?: Record<string, () => Promise<unknown>>;
  /** Extra plugins mounted before the routes (the development identity provider). */
  extraPlugins?: Array<(app: FastifyInstance) => Promise<void>>;
  logger?: boolean | object;
}

/**
 * The Fastify shell. Order matters: validation and errors, cookies, auth context, request log,
 * OpenAPI (must see the routes), then routes: health, REST api/v1, tRPC, and last the web app.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // Log lines leave in batches of 4 KB, and at least every half second: a write per request line was a tenth of
  // the API's busy time under load (issue 18; a system call is dear on these machines). Flushed when the app closes.
  const logStream = deps.logger === undefined ? pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 500 }) : undefined;
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel, stream: logStream },
    trustProxy: true,
    // The spec writes the same collections with different casing (api/v1/productFamilies and
    // api/v1/ProductFamilies/query, Equipments/equipments): existing clients may use either.
    routerOptions: { caseSensitive: false },
    bodyLimit: 5 * 1024 * 1024,
    // Our own request log line (plugins/request-log.ts) replaces Fastify's two per request.
    logController: new LogController({ disableRequestLogging: true }),
  });
  // Every route with its public flag: lets a test prove that each non-public route refuses a missing token.
  const routes: Array<{ method: string; url: string; public: boolean }> = [];
  app.decorate('routeList', routes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url, public: !!r.config?.public });
  });
  // Issue 20: REST v1 bodies refuse fields they do not know (rest/strict-bodies.ts); before OpenAPI reads the schemas.
  app.addHook('onRoute', (r) => {
    if (r.url.startsWith('/api/v1') && r.schema?.body) r.schema = { ...r.schema, body: strictDeep(r.schema.body as ZodType) };
  });
  if (logStream) app.addHook('onClose', async () => logStream.flushSync());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Issue 18: an answer its route builds to the contract's shape is sent as built (rest/route-helpers.ts builtAnswer).
  const checkBuiltAnswers = deps.config.nodeEnv !== 'production';
  app.addHook('onRoute', (r) => {
    if (r.config?.builtAnswer) r.serializerCompiler = (route) => builtAnswerSerializer(serializerCompiler(route as Parameters<typeof serializerCompiler>[0]), checkBuiltAnswers);
  });

  await app.register(errorHandlerPlugin);
  await app.register(cookie);
  await app.register(authPlugin, { config: deps.config, db: deps.db, jobs: deps.jobs });
  // Issue 22: API requests go to web_logs in batches from memory (domains/logs/web-log-buffer.ts); WEB_LOG=off skips it.
  const webLog = deps.config.webLog.enabled ? new WebLogBuffer(deps.db, deps.config.webLog, app.log) : null;
  app.decorate('webLog', webLog);
  if (webLog) app.addHook('onClose', () => webLog.close());
  await app.register(requestLogPlugin, { record: webLog ? (entry) => webLog.add(entry) : undefined });
  await app.register(openApiPlugin);
  for (const plugin of deps.extraPlugins ?? []) await app.register(plugin);

  await app.register(systemRoutes, { readinessChecks: deps.readinessChecks });
  await app.register(restRoutes);
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => req.ctx,
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
  await app.register(webStaticPlugin, { dir: deps.config.webDist });
  return app;
}
