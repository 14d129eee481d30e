import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { IncomingMessage } from 'node:http';

/** Where `npm run dev` sends API calls; the API listens on 3000 by default (PORT). */
const api = process.env.API_URL ?? 'http://localhost:3000';

// /auth/token (sign-in callback) and /auth/logout are pages of this app, not API calls:
// a browser GET of them gets index.html, every other /auth/* request goes to the API.
const isWebPage = (req: IncomingMessage) =>
  req.method === 'GET' && /^\/auth\/(token|logout)\/?(\?|$)/i.test(req.url ?? '');

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // react-admin is one large chunk by nature; it only loads after sign-in (see App.tsx).
    chunkSizeWarningLimit: 1600,
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
