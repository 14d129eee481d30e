import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { IncomingMessage } from 'node:http';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync, constants } from 'node:zlib';
import { webAppManifest } from './src/pwa/manifest';

/** Where `npm run dev` sends API calls; the API listens on 3000 by default (PORT). */
const api = process.env.API_URL ?? 'http://localhost:3000';

// /auth/token (sign-in callback) and /auth/logout are pages of this app, not API calls:
// a browser GET of them gets index.html, every other /auth/* request goes to the API.
const isWebPage = (req: IncomingMessage) =>
  req.method === 'GET' && /^\/auth\/(token|logout)\/?(\?|$)/i.test(req.url ?? '');

/**
 * Paths the service worker never answers a navigation for with the app's index.html: the API, tRPC, the sign-in
 * hand-over and every other /auth route, the development identity provider, the probes, and files (downloads are
 * under /api/v1/files; a missing hashed asset must stay a 404). Mirrors services/api/src/lib/api-paths.ts.
 */
export const NAVIGATION_DENYLIST = [/^\/(api|trpc|auth|dev-idp)(\/|$)/, /^\/(ready|health)\/?$/, /^\/assets\//, /^\/[^/?]+\.[a-z0-9]+$/i];

/** zod itself, and a module of packages/contracts that imports it (the zod-free ones hold constants and rules). */
const isSchemaModule = (id: string) =>
  /[\\/]node_modules[\\/]zod[\\/]/.test(id) ||
  (/[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/.test(id) && /from 'zod'/.test(readFileSync(id, 'utf8')));

/**
 * Writes a gzip copy beside each script, style sheet and the service worker; the server sends it to browsers that
 * accept gzip (@fastify/static preCompressed), so the first load transfers what the bench (bench/web-bundle.bench.ts) counts.
 */
const precompress = (): Plugin => {
  let dist = '';
  return {
  name: 'insp-precompress',
  apply: 'build',
  configResolved(config) {
    dist = resolve(config.root, config.build.outDir); // scripts/e2e-build.sh builds elsewhere
  },
  closeBundle: {
    order: 'post',
    sequential: true,
    handler() {
      for (const dir of [dist, join(dist, 'assets')]) {
        for (const f of readdirSync(dir)) {
          if (!/\.(js|css|html|webmanifest|svg)$/.test(f)) continue;
          writeFileSync(join(dir, f + '.gz'), gzipSync(readFileSync(join(dir, f)), { level: constants.Z_BEST_COMPRESSION }));
        }
      }
    },
  },
  };
};

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      // 'prompt': a new version waits until src/pwa/update.ts activates it (only when no write waits to be sent)
      registerType: 'prompt',
      injectRegister: false, // src/pwa/update.ts registers /sw.js after the first screen
      manifest: webAppManifest,
      includeAssets: ['icons/icon.svg', 'icons/apple-touch-icon-180.png'],
      workbox: {
        // the app shell and every chunk: the first visit downloads the other screens in the background (install), so
        // the whole app opens without a network afterwards
        globPatterns: ['**/*.{js,css,html,webmanifest,png,svg}'],
        globIgnores: ['**/*.gz'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: NAVIGATION_DENYLIST,
        cleanupOutdatedCaches: true,
        // no skipWaiting: the update rule is the app's (pwa/update.ts). clientsClaim only matters on the first install.
        clientsClaim: true,
        skipWaiting: false,
      },
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // every screen is a chunk of its own (components/lazyScreen.tsx); the largest, @mui/x-date-pickers, is 200 kB raw
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // needed by inlined common chunks below; no entry here exports anything a page imports
      preserveEntrySignatures: false,
      output: {
        // Fewer, larger files (issues 18 and 23; docs/decisions.md "Installable web app and route split"). The automatic
        // split made about 110 files for a signed-in first load, 60 of the app's 212 under 4 kB: a round trip each
        // on a field connection, and most of the browser tests' page-load time.
        codeSplitting: {
          groups: [
            // what index.html loads on every page, on its own: the public pages (login) need no more than that and
            // their screen's chunk
            { name: 'shell', tags: ['$initial'], priority: 2 },
            // zod and the contracts' schema modules that many screens share (common.ts: ZId, ZText) in a file of their
            // own, before common-ui takes them: the signed-in shell and My page use no schema (they import the
            // contracts' zod-free modules), so zod is fetched with the first screen that validates something
            { name: 'schemas', test: isSchemaModule, minShareCount: 20, includeDependenciesRecursively: false, priority: 1 },
            // what nearly every screen shares (react-admin's and MUI's core, the shell's helpers) in one file
            { name: 'common-ui', minShareCount: 20, includeDependenciesRecursively: false, priority: 1 },
          ],
          // the remaining small shared chunks are copied into the screens that use them instead of fetched on their own
          experimentalInlineCommonChunks: { maxSize: 30_000 },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/trpc': api,
      '/dev-idp': api,
      '^/auth/': { target: api, bypass: (req) => (isWebPage(req) ? '/index.html' : undefined) },
    },
  },
  preview: { port: 4173 },
});
