import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import type { Db } from '@insp/db';
import { freePort } from '../apps/web/e2e/support/product.js';

const root = fileURLToPath(new URL('..', import.meta.url));
export const TOKEN_SECRET = 'bench-token-secret-bench-token-secret-0123456789';

export interface Running {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** A child process serving HTTP, ready when `readyPath` answers 200. Its output goes to `logFile` (or nowhere). */
async function startChild(args: string[], env: Record<string, string>, port: number, readyPath: string, logFile?: string): Promise<Running> {
  const out = logFile ? openSync(logFile, 'w') : 'ignore';
  const child: ChildProcess = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', out, out] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}${logFile ? ` (see ${logFile})` : ''}`);
    if (await fetch(url + readyPath).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not get ready`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = new Promise((r) => child.once('exit', r));
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * The built product (services/api/dist/server.js) as production runs it at scale: PostgreSQL, Redis, NODE_ENV
 * production, the default log level, its log lines written to a file. `nodeArgs` adds e.g. --cpu-prof.
 */
export async function startProduct(opts: { databaseUrl: string; nodeArgs?: string[]; logFile?: string; env?: Record<string, string> }): Promise<Running> {
  const server = `${root}services/api/dist/server.js`;
  if (!existsSync(server)) throw new Error('build the product first: npm run build');
  const port = await freePort();
  return startChild([...(opts.nodeArgs ?? []), server], {
    NODE_ENV: 'production',
    DATABASE_URL: opts.databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `bench-${port}`,
    TOKEN_SECRET,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    SEED_DEMO_DATA: 'false',
    // A real issuer is required in production; staff sign-in is not exercised here (discovery is lazy).
    OIDC_ISSUER: 'http://127.0.0.1:9/idp',
    OIDC_CLIENT_ID: 'bench',
    DATA_DIR: `/tmp/insp-bench-${port}`,
    ...opts.env,
  }, port, '/ready', opts.logFile ?? '/dev/null');
}

/** bench/floor-server.mjs: a bare Fastify route with one pg query, same driver and pool size. */
export async function startFloor(databaseUrl: string, nodeArgs: string[] = []): Promise<Running> {
  const port = await freePort();
  return startChild([...nodeArgs, `${root}bench/floor-server.mjs`], { DATABASE_URL: databaseUrl, POOL_SIZE: '10' }, port, '/floor');
}

/** bench/http-file-floor.mjs: a bare node:http server streaming request bodies to `file` and `file` to responses. */
export async function startFileFloor(file: string): Promise<Running> {
  const port = await freePort();
  return startChild([`${root}bench/http-file-floor.mjs`], { FLOOR_FILE: file }, port, '/ready');
}

/** Sessions for `userIds` and the bearer tokens the product would issue for them (same claims, same secret). */
export async function sessionTokens(db: Db, product: Running, userIds: string[]) {
  const secret = new TextEncoder().encode(TOKEN_SECRET);
  const out: Array<{ token: string; sessionId: string }> = [];
  for (const userId of userIds) {
    const sessionId = randomUUID();
    const expiresAt = new Date(Date.now() + 8 * 3600_000);
    await db.insertInto('auth_sessions').values({ id: sessionId, user_id: userId, expires_at: expiresAt }).execute();
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setJti(sessionId)
      .setIssuedAt()
      .setIssuer(product.url)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(secret);
    out.push({ token, sessionId });
  }
  return out;
}

export interface LoadResult {
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  requests: number;
  errors: number;
  non2xx: number;
}

/** autocannon against one path, each request with the next of `headers` (a token per session, in turn). */
export async function load(url: string, headers: Array<Record<string, string>>, opts: { connections?: number; seconds?: number } = {}): Promise<LoadResult> {
  let i = 0;
  const r = await autocannon({
    url,
    connections: opts.connections ?? 10,
    duration: opts.seconds ?? 10,
    requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, headers: headers[i++ % headers.length] }) }],
  });
  return {
    requestsPerSecond: Math.round(r.requests.average),
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

/** Read and write system calls a process made so far (/proc/<pid>/io: syscr, syscw; writev counts as a write). */
export function systemCalls(pid: number): { reads: number; writes: number } {
  const io = readFileSync(`/proc/${pid}/io`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1] ?? NaN);
  return { reads: field('syscr'), writes: field('syscw') };
}

/** CPU seconds used so far by each PostgreSQL backend serving `database` (by pid). */
export async function backendCpuSeconds(db: Db, database: string): Promise<Map<number, number>> {
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = ${database} and pid <> pg_backend_pid()`.execute(db);
  return new Map(rows.filter((r) => existsSync(`/proc/${r.pid}/stat`)).map((r) => [r.pid, cpuSeconds(r.pid)]));
}

/**
 * CPU seconds the backends spent between two readings. A backend that connected in between (the pool opens
 * connections again after its 10 s idle timeout) counts whole; one that went away in between is missed.
 */
export function backendCpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, s] of after) spent += s - (before.get(pid) ?? 0);
  return spent;
}
