import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '@insp/db';
import { createTestDatabase, type TestDatabase } from '@insp/db/testing';
import { createMailer } from '../mail/mailer.js';
import { readMails } from '../testing/eml.js';
import { closedPort, MAIL_FROM, memoryLog, outboxRow, resetEmail, resetLink, sleep, tempDir, waitFor } from '../testing/helpers.js';
import { startJobRuntime } from './runtime.js';
import { startWorkers } from './workers.js';

/**
 * Issue 22, "nothing lost": Redis stopped for ten seconds while the API commits jobs. A private redis-server on a
 * port of its own (the shared one at 6379 stays up for everyone else), with an append-only file as a production
 * Redis would have; stopped and started again on the same port and folder.
 */
const prefix = `insp-test-${randomBytes(4).toString('hex')}`;
const log = memoryLog();
let database: TestDatabase;
let data: Awaited<ReturnType<typeof tempDir>>;
let redisDir: Awaited<ReturnType<typeof tempDir>>;
let port: number;
let redis: ChildProcess | undefined;
const toClose: Array<{ close(): Promise<void> }> = [];

async function startRedis() {
  redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', redisDir.dir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', ''], { stdio: 'ignore' });
  await waitFor(async () => {
    const c = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    c.on('error', () => undefined); // refused while it starts: we ask again
    try {
      await c.connect();
      return (await c.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      c.disconnect();
    }
  }, 'the private redis-server to answer', 10_000);
}
async function stopRedis() {
  const r = redis!;
  redis = undefined;
  r.kill('SIGTERM');
  if (r.exitCode === null) await once(r, 'exit');
}

beforeAll(async () => {
  database = await createTestDatabase();
  data = await tempDir();
  redisDir = await tempDir('insp-redis-');
  port = await closedPort();
  await startRedis();
});
afterAll(async () => {
  // Bounded: in one full run (2026-11-26) closing took past the 120 s hook limit after the test itself had passed in
  // 12 s; it never did alone or under load since. The behaviour under test is checked above; a close that hangs is
  // logged here rather than failing the run, and followed up (docs/decisions.md, "How the test run shares its set-up").
  for (const c of toClose.splice(0).reverse()) {
    const closed = await Promise.race([c.close().then(() => true), sleep(20_000).then(() => false)]);
    if (!closed) console.warn('redis-restart: a runtime did not close within 20 s');
  }
  if (redis) await stopRedis();
  await database?.destroy();
  await data?.remove();
  await redisDir?.remove();
});

const enqueueCommitted = (key: string) =>
  database.db.transaction().execute((trx) => enqueueJob(trx, 'email.send', resetEmail(key), { idempotencyKey: key }));
const mailsWith = async (key: string) => (await readMails(data.dir)).filter((m) => m.decoded.includes(resetLink(key)));

describe('Redis stopped for ten seconds', () => {
  it('every job committed meanwhile runs once Redis is back, none twice; the job schedulers are there again', async () => {
    const url = `redis://127.0.0.1:${port}`;
    const api = await startJobRuntime({ db: database.db, redisUrl: url, dataDir: data.dir, mailFrom: MAIL_FROM, log, queuePrefix: prefix, pollMs: 200, relayRetryMs: 500, runProcessors: false });
    toClose.push(api);
    const deps = { db: database.db, mailer: createMailer({ dataDir: data.dir, from: MAIL_FROM }), log, config: { dataDir: data.dir, mailFrom: MAIL_FROM } };
    toClose.push(startWorkers({ deps, redisUrl: url, prefix, schedulerSyncMs: 500 }));

    await enqueueCommitted('before');
    api.kick();
    await waitFor(async () => (await outboxRow(database.db, 'before')).status === 'done', 'a job before the stop', 10_000);

    await stopRedis();
    const during = ['during-1', 'during-2', 'during-3', 'during-4', 'during-5'];
    for (const key of during) {
      await enqueueCommitted(key);
      api.kick();
      await sleep(2000);
    }
    // ten seconds without Redis: committed, kept in the outbox
    for (const key of during) expect((await outboxRow(database.db, key)).status, key).toBe('pending');

    await startRedis();
    for (const key of during) await waitFor(async () => (await outboxRow(database.db, key)).status === 'done', `${key} to be done`, 30_000);
    await sleep(500);
    for (const key of ['before', ...during]) expect(await mailsWith(key), key).toHaveLength(1);

    const maintenance = new Queue('maintenance', { connection: { url }, prefix });
    toClose.push(maintenance);
    await waitFor(async () => Boolean(await maintenance.getJobScheduler('maintenance.cleanup')), 'the schedulers after the restart', 10_000);
  }, 90_000);
});
