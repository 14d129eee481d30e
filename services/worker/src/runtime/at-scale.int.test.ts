import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '@insp/db';
import { createTestDatabase, type TestDatabase } from '@insp/db/testing';
import { createMailer } from '../mail/mailer.js';
import { jobRegistry } from '../jobs/registry.js';
import type { JobRegistry } from '../types.js';
import { readMails } from '../testing/eml.js';
import { MAIL_FROM, memoryLog, outboxRow, REDIS_URL, removeQueueKeys, resetEmail, resetLink, sleep, tempDir, waitFor } from '../testing/helpers.js';
import { startRedisProxy } from '../testing/redis-proxy.js';
import { markRelayed } from '../outbox/state.js';
import { relayedJobOptions } from './relay.js';
import { startJobRuntime, type JobRuntimeOptions } from './runtime.js';
import { startWorkers } from './workers.js';

// Our own key prefix: test files and developers share the Redis on this machine.
const prefix = `insp-test-${randomBytes(4).toString('hex')}`;
const log = memoryLog();
let database: TestDatabase;
let data: Awaited<ReturnType<typeof tempDir>>;
const toClose: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  data = await tempDir();
});
afterEach(async () => {
  for (const c of toClose.splice(0).reverse()) await c.close();
});
afterAll(async () => {
  await database?.destroy();
  await data?.remove();
  await removeQueueKeys(prefix);
});

async function runtime(opts: Partial<JobRuntimeOptions> & { runProcessors: boolean }) {
  const r = await startJobRuntime({ db: database.db, redisUrl: REDIS_URL, dataDir: data.dir, mailFrom: MAIL_FROM, log, queuePrefix: prefix, pollMs: 60_000, ...opts });
  toClose.push(r);
  return r;
}
function workerProcess(redisUrl = REDIS_URL) {
  const deps = { db: database.db, mailer: createMailer({ dataDir: data.dir, from: MAIL_FROM }), log, config: { dataDir: data.dir, mailFrom: MAIL_FROM } };
  const w = startWorkers({ deps, redisUrl, prefix });
  toClose.push(w);
  return w;
}
function queue(name: string) {
  const q = new Queue(name, { connection: { url: REDIS_URL }, prefix });
  toClose.push(q);
  return q;
}
const enqueueCommitted = (key: string) =>
  database.db.transaction().execute((trx) => enqueueJob(trx, 'email.send', resetEmail(key), { idempotencyKey: key }));
const rowIs = (key: string, status: string) => async () => {
  const r = await outboxRow(database.db, key);
  return r.status === status && r;
};
const mailsWith = async (key: string) => (await readMails(data.dir)).filter((m) => m.decoded.includes(resetLink(key)));

describe('jobs through BullMQ (at scale)', () => {
  it('an API relays the job to Redis, a worker process sends it, and the row ends done', async () => {
    const api = await runtime({ runProcessors: false });
    workerProcess();
    await expect(api.readinessChecks.redis()).resolves.toBe('PONG');
    await sleep(200); // past the start-up poll: the kick must do it
    await enqueueCommitted('scale-1');
    api.kick();

    const row = await waitFor(rowIs('scale-1', 'done'), 'the row to be done', 10_000);
    expect(await mailsWith('scale-1')).toHaveLength(1);
    const job = await queue('email').getJob(`outbox-${row.id}`);
    expect(job?.name).toBe('email.send');
    expect(await job?.getState()).toBe('completed');
  });

  it('leaves the row pending while Redis is unreachable, and delivers it once a runtime reaches Redis', async () => {
    const down = await runtime({ runProcessors: false, redisUrl: 'redis://127.0.0.1:1', pollMs: 100 });
    await enqueueCommitted('redis-down');
    down.kick();
    await sleep(1500);
    expect(await outboxRow(database.db, 'redis-down')).toMatchObject({ status: 'pending' });
    await expect(down.readinessChecks.redis()).rejects.toThrow();
    await toClose.pop()!.close();

    await runtime({ runProcessors: true }); // a worker process: relay and workers
    await waitFor(rowIs('redis-down', 'done'), 'the row to be delivered', 10_000);
    expect(await mailsWith('redis-down')).toHaveLength(1);
  });

  it('keeps a job Redis refused mid-way in the outbox and relays it when Redis is back', async () => {
    const proxy = await startRedisProxy();
    toClose.push(proxy);
    const api = await runtime({ runProcessors: false, redisUrl: proxy.url(), pollMs: 100, relayRetryMs: 200 });
    // A first job through the proxy: the relay's connections are up before Redis goes away.
    await enqueueCommitted('before-blip');
    api.kick();
    await waitFor(rowIs('before-blip', 'relayed'), 'a first job to pass through the proxy');
    await proxy.cut();
    await enqueueCommitted('redis-blip');
    api.kick();

    const refused = await waitFor(async () => {
      const r = await outboxRow(database.db, 'redis-blip');
      return r.last_error ? r : undefined;
    }, 'the refusal to be recorded');
    expect(refused.status).toBe('pending');
    expect(refused.last_error).toMatch(/^relay: /);

    await proxy.restore();
    workerProcess();
    await waitFor(rowIs('redis-blip', 'done'), 'the row to be delivered after Redis came back', 20_000);
    expect(await mailsWith('redis-blip')).toHaveLength(1);
    await waitFor(rowIs('before-blip', 'done'), 'the first job to be done too');
  });

  it('relays a row twice (relay died before marking it) as one BullMQ job and one e-mail', async () => {
    await enqueueCommitted('relayed-twice');
    const row = await outboxRow(database.db, 'relayed-twice');
    // The first relay got as far as the queue, then died: the job is in Redis, the row still pending.
    await queue('email').add('email.send', row.payload, relayedJobOptions(row.id));
    await runtime({ runProcessors: true, pollMs: 100 });

    await waitFor(rowIs('relayed-twice', 'done'), 'the row to be done', 10_000);
    await sleep(300);
    expect(await mailsWith('relayed-twice')).toHaveLength(1);
    const jobs = await queue('email').getJobs(['completed', 'active', 'waiting', 'delayed', 'failed']);
    expect(jobs.filter((j) => j.data?.params?.link === resetLink('relayed-twice')).map((j) => j.id)).toEqual([`outbox-${row.id}`]);
  });

  it('lets BullMQ retry a failed attempt with backoff, keeping the error meanwhile, and ends done', async () => {
    let calls = 0;
    const registry: JobRegistry = {
      ...jobRegistry,
      'email.send': async (deps, job, ctx) => {
        if (++calls === 1) throw new Error('451 mailbox busy, try later');
        return jobRegistry['email.send'](deps, job, ctx);
      },
    };
    await runtime({ runProcessors: true, registry, pollMs: 100 });
    await enqueueCommitted('retry-once');
    const failedOnce = await waitFor(async () => {
      const r = await outboxRow(database.db, 'retry-once');
      return r.last_error?.includes('451') ? r : undefined;
    }, 'the first failure to be recorded');
    expect(failedOnce.status).not.toBe('done');

    const row = await waitFor(rowIs('retry-once', 'done'), 'the retry to succeed', 20_000);
    expect(row.last_error).toBeNull();
    expect(await mailsWith('retry-once')).toHaveLength(1);
    expect((await queue('email').getJob(`outbox-${row.id}`))?.attemptsMade).toBe(2);
  });

  it('parks a job that can never succeed as failed, with its error', async () => {
    await database.db
      .insertInto('outbox')
      .values({ name: 'email.send', payload: JSON.stringify({ template: 'no-such-template', to: 'x' }), idempotency_key: 'bad-payload' })
      .execute();
    const api = await runtime({ runProcessors: false });
    workerProcess();
    api.kick();
    const row = await waitFor(rowIs('bad-payload', 'failed'), 'the row to be failed', 10_000);
    expect(row.last_error).toMatch(/invalid payload for 'email.send'/);
  });

  it('never turns a row a worker already finished back into relayed', async () => {
    await enqueueCommitted('done-first');
    const row = await outboxRow(database.db, 'done-first');
    await database.db.updateTable('outbox').set({ status: 'done' }).where('id', '=', row.id).execute();
    await markRelayed(database.db, row.id);
    expect((await outboxRow(database.db, 'done-first')).status).toBe('done');
  });

  it('closes every Redis connection it opened', async () => {
    const ours = async () => {
      const redis = new Redis(REDIS_URL);
      try {
        const list = (await redis.client('LIST')) as string;
        return list.split('\n').filter((line) => line.includes(` name=${prefix}:`)).length;
      } finally {
        redis.disconnect();
      }
    };
    const r = await runtime({ runProcessors: true }); // relay, workers, scheduler registration, readiness probe
    await r.readinessChecks.redis();
    await waitFor(async () => (await ours()) >= 4, 'the connections to open');
    await toClose.pop()!.close();
    await waitFor(async () => (await ours()) === 0, 'every connection to be closed', 5000);
  });

  it('registers the hourly clean-up as a BullMQ job scheduler', async () => {
    workerProcess();
    const maintenance = queue('maintenance');
    const scheduler = await waitFor(async () => (await maintenance.getJobSchedulers()).find((s) => s.key === 'maintenance.cleanup'), 'the scheduler');
    expect(scheduler).toMatchObject({ name: 'maintenance.cleanup', every: 3600_000 });
  });

  it('registers the hourly shared-links clean-up as a BullMQ job scheduler on the same queue', async () => {
    workerProcess();
    const maintenance = queue('maintenance');
    const scheduler = await waitFor(async () => (await maintenance.getJobSchedulers()).find((s) => s.key === 'maintenance.sharedLinks'), 'the scheduler');
    expect(scheduler).toMatchObject({ name: 'maintenance.sharedLinks', every: 3600_000 });
  });

  it('registers the hourly log retention as a BullMQ job scheduler on the same queue', async () => {
    workerProcess();
    const maintenance = queue('maintenance');
    const scheduler = await waitFor(async () => (await maintenance.getJobSchedulers()).find((s) => s.key === 'maintenance.logs'), 'the scheduler');
    expect(scheduler).toMatchObject({ name: 'maintenance.logs', every: 3600_000 });
  });
});
