import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { Db } from '@insp/db';
import type { Logger } from '../types.js';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const MAIL_FROM = 'Inspections <no-reply@company.example>';

/** Keeps log lines in memory; tests may look at them, and the test output stays readable. */
export function memoryLog(): Logger & { lines: Array<{ level: string; obj: unknown; msg?: string }> } {
  const lines: Array<{ level: string; obj: unknown; msg?: string }> = [];
  const at = (level: string) => (obj: unknown, msg?: string) => void lines.push({ level, obj, msg });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export async function tempDir(prefix = 'insp-worker-') {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A local port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

export const outboxRow = (db: Db, idempotencyKey: string) =>
  db.selectFrom('outbox').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirstOrThrow();

export const resetLink = (n: string) => `https://insp.example/nosession/SetPassword?userId=user-${n}&token=${'t'.repeat(43)}${n}`;

export const resetEmail = (n: string) => ({
  template: 'password-reset' as const,
  to: `ann.${n}@example.com`,
  params: { name: 'Ann Smith', link: resetLink(n) },
});

/** Removes every BullMQ key under a test's own prefix. */
export async function removeQueueKeys(prefix: string) {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
