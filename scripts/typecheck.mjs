// npm run typecheck: the server program (tsconfig.server.json) and the web app (apps/web, DOM types) checked side by
// side; fails when either has an error. Each prints its own errors.
// The checker is TypeScript 7 (the native compiler, package alias `typescript7`): 9-10 s a program where TypeScript 5.9
// took 45 s (issue 18). `typescript` 5.9 stays for the tools that use its JavaScript API (dependency-cruiser's
// type-only imports, the OpenAPI client test), which TypeScript 7 does not offer.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

// (the package exports no bin path: found beside its package.json)
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript7/package.json')), 'bin/tsc');
const run = (project) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit'], { stdio: 'inherit' });
    child.on('exit', (code) => resolve({ project, code }));
  });
const results = await Promise.all([run('tsconfig.server.json'), run('apps/web')]);
const failed = results.filter((r) => r.code !== 0);
for (const f of failed) console.error(`typecheck: ${f.project} has errors`);
process.exit(failed.length ? 1 : 0);
