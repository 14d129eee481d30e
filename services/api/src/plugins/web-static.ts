import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isApiPath } from '../lib/api-paths.js';

/**
 * Serves the built web app. Hashed assets are cached for a year; every other GET that is not an API path
 * gets index.html so the browser router can take it (/Customers/…, /nosession/SetPassword, /auth/token).
 * Everything outside /assets/ is `no-cache` (revalidated on each use): index.html, the service worker /sw.js (a
 * browser would otherwise check a cached copy for a new version) and the manifest. The build writes a gzip copy
 * beside each script (apps/web/vite.config.ts); `preCompressed` sends it to browsers that accept gzip (issue 23).
 */
/** The two pages under /auth that belong to the web app (spec 002 §2): the sign-in hand-over and logout. */
const isWebPage = (url: string) => /^\/auth\/(token|logout)(\?|$)/.test(url);

export const webStaticPlugin = fp(async (app: FastifyInstance, opts: { dir?: string }) => {
  const dir = opts.dir;
  if (!dir || !existsSync(join(dir, 'index.html'))) {
    app.log.warn({ dir }, 'web app not built: only the API is served');
    return;
  }
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { config: { public: true }, schema: { hide: true } }, (req, reply) => {
    if (isApiPath(req.url) && !isWebPage(req.url)) return reply.callNotFound();
    // A missing hashed asset (an older build's) is a 404, not index.html served as JavaScript.
    if (req.url.startsWith('/assets/')) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
