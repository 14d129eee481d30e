import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../../..');
// E2E_BUILD_DIR: a private build (scripts/e2e-build.sh) so several people can run browser tests at once.
const buildDir = process.env.E2E_BUILD_DIR ? resolve(process.env.E2E_BUILD_DIR) : undefined;
const serverJs = buildDir ? join(buildDir, 'server.js') : join(root, 'services/api/dist/server.js');
const webDist = buildDir ? join(buildDir, 'web') : join(root, 'apps/web/dist');

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

export interface Product {
  url: string;
  port: number;
  dataDir: string;
  logs(): string;
  /** Stops the product; answers its exit code (0 after a clean shutdown, null when it had to be killed). */
  stop(): Promise<number | null>;
}

/**
 * Starts the built product exactly as `npm start` runs it (node services/api/dist/server.js) on the embedded
 * default, with a data folder of its own: a new empty one (the first start migrates and seeds), or a copy of
 * `copyOf` (a folder a product already migrated and seeded). Pass the same dataDir again to restart on kept data.
 */
export async function startProduct(
  opts: { dataDir?: string; copyOf?: string; port?: number; env?: Record<string, string>; readyTimeoutMs?: number } = {},
): Promise<Product> {
  if (!existsSync(serverJs) || !existsSync(join(webDist, 'index.html'))) {
    throw new Error('the product is not built: run `npm run build` first (npm test does)');
  }
  // freePort's port is free when asked, not when the product binds it: another file's product, Chromium or any
  // outgoing connection may take it in between (EADDRINUSE). A port we chose is chosen again, on a fresh folder.
  for (let attempt = 1; ; attempt++) {
    const port = opts.port ?? (await freePort());
    const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'insp-e2e-'));
    if (opts.copyOf) cpSync(opts.copyOf, dataDir, { recursive: true });
    try {
      return await launch(port, dataDir, opts);
    } catch (e) {
      if (!(e instanceof PortTaken) || opts.port || attempt >= 3) throw e;
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

class PortTaken extends Error {}

async function launch(port: number, dataDir: string, opts: { env?: Record<string, string>; readyTimeoutMs?: number }): Promise<Product> {
  const url = `http://localhost:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [serverJs], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      PUBLIC_URL: url,
      DATABASE_URL: '',
      REDIS_URL: '',
      OIDC_ISSUER: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  const readyTimeoutMs = opts.readyTimeoutMs ?? 90_000;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      if (/EADDRINUSE/.test(output)) throw new PortTaken(`port ${port} was taken before the product bound it`);
      throw new Error(`product exited with ${child.exitCode}:\n${output}`);
    }
    const ok = await fetch(`${url}/ready`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`product did not become ready in ${readyTimeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    dataDir,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 10_000))]);
      if (code !== 'timeout') return code as number | null;
      child.kill('SIGKILL');
      return null;
    },
  };
}

/** The newest e-mail the product wrote to DATA_DIR/mail for this address, decoded from quoted-printable. */
export function lastMailTo(dataDir: string, to: string): string | null {
  const dir = join(dataDir, 'mail');
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
  for (const f of files.reverse()) {
    const raw = readFileSync(join(dir, f), 'utf8');
    if (!new RegExp(`^To: .*${to.replace(/[.]/g, '\\.')}`, 'mi').test(raw)) continue;
    return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  }
  return null;
}

export async function waitForMail(dataDir: string, to: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = lastMailTo(dataDir, to);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} in ${dataDir}/mail`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
