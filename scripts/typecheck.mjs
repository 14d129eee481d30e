// npm run typecheck: the server program (tsconfig.server.json) and the web app (apps/web, DOM types) checked side by
// side; fails when either has an error. Each prints its own errors.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const run = (project) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit'], { stdio: 'inherit' });
    child.on('exit', (code) => resolve({ project, code }));
  });
const results = await Promise.all([run('tsconfig.server.json'), run('apps/web')]);
const failed = results.filter((r) => r.code !== 0);
for (const f of failed) console.error(`typecheck: ${f.project} has errors`);
process.exit(failed.length ? 1 : 0);
