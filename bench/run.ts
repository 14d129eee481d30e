import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Runs each *.bench.ts (or the ones named on the command line) one after another. Dependencies run as in
 * production (Dockerfile: NODE_ENV=production): React's development build, for one, renders several times slower.
 */
process.env.NODE_ENV ??= 'production';
const dir = fileURLToPath(new URL('.', import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(dir).filter((f) => f.endsWith('.bench.ts') && (!wanted.length || wanted.some((w) => f.includes(w))));
for (const f of files) {
  console.log(`\n# ${f}`);
  const mod = await import(`./${f}`);
  await mod.default();
}
