// Builds the web app into a temporary folder (with a manifest and source maps) and reports, per route,
// which chunks the browser downloads, their sizes, and whether any of them holds react-admin.
// Usage: node apps/web/scripts/chunk-report.mjs   (from the repo root or apps/web)
import { build } from 'vite';
import { existsSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = mkdtempSync(join(tmpdir(), 'web-chunks-'));
await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true, sourcemap: true } });

const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
const ADMIN = /node_modules\/(react-admin|ra-core|ra-ui-materialui|ra-i18n-polyglot|ra-language-english)\//;

const chunkInfo = new Map();
function info(file) {
  if (!chunkInfo.has(file)) {
    const code = readFileSync(join(outDir, file));
    const mapFile = join(outDir, file + '.map');
    const sources = existsSync(mapFile) ? JSON.parse(readFileSync(mapFile, 'utf8')).sources : [];
    chunkInfo.set(file, { raw: code.length, gzip: gzipSync(code).length, admin: sources.some((s) => ADMIN.test(s)) });
  }
  return chunkInfo.get(file);
}

/** Chunks loaded for a manifest entry: the chunk and its static imports, transitively. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imp of manifest[key].imports ?? []) closure(imp, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const base = closure(entryKey);
const routes = {
  'entry (every page)': [],
  '/login': ['src/pages/login/LoginPage.tsx'],
  '/auth/token': ['src/pages/auth-token/TokenPage.tsx'],
  '/auth/logout': ['src/pages/auth-logout/LogoutPage.tsx'],
  '/nosession/SetPassword': ['src/pages/set-password/SetPasswordPage.tsx'],
  '/nosession/ForgotPassword': ['src/pages/forgot-password/ForgotPasswordPage.tsx'],
  'signed-in shell (/...)': ['src/AdminApp.tsx'],
};

const kB = (n) => (n / 1024).toFixed(1).padStart(7) + ' kB';
let failed = false;
for (const [route, lazyKeys] of Object.entries(routes)) {
  const keys = new Set(base);
  for (const k of lazyKeys) closure(k, keys);
  const files = [...keys].map((k) => manifest[k].file);
  const total = files.reduce((a, f) => ({ raw: a.raw + info(f).raw, gzip: a.gzip + info(f).gzip }), { raw: 0, gzip: 0 });
  const admin = files.filter((f) => info(f).admin);
  console.log(`${route.padEnd(28)} ${String(files.length).padStart(2)} chunks ${kB(total.raw)} (gzip ${kB(total.gzip)})  react-admin: ${admin.length ? admin.join(', ') : 'no'}`);
  if (!route.startsWith('signed-in') && admin.length) failed = true;
}
rmSync(outDir, { recursive: true, force: true });
if (failed) {
  console.error('A public route downloads react-admin.');
  process.exit(1);
}
