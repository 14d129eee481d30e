import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recurringJobs } from '@insp/contracts';
import { enqueueJob, recordWebhookEvent, resetBackgroundService, setBackgroundServiceEnabled } from '@insp/db';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, type TestDatabase } from '@insp/db/testing';
import { createMailer } from '../mail/mailer.js';
import { jobRegistry } from '../jobs/registry.js';
import type { JobRegistry } from '../types.js';
import { readMails } from '../testing/eml.js';
import { MAIL_FROM, memoryLog, outboxRow, REDIS_URL, removeQueueKeys, resetEmail, resetLink, sleep, tempDir, waitFor } from '../testing/helpers.js';
import { startJobRuntime } from './runtime.js';
import { startWorkers, type WorkersOptions } from './workers.js';
import { webhookSettingsFromEnv } from '@insp/webhooks';

// Our own key prefix: test files and developers share the Redis on this machine. One per test, too: job schedulers
// and their queued runs stay in Redis after a test's workers closed, and must not run in the next test.
const base = `insp-test-${randomBytes(4).toString('hex')}`;
let tests = 0;
let prefix = base;
const log = memoryLog();
let database: TestDatabase;
let data: Awaited<ReturnType<typeof tempDir>>;
const toClose: Array<{ close(): Promise<void> }> = [];
const EVERY = 1000;

beforeAll(async () => {
  database = await createTestDatabase();
  data = await tempDir();
});
beforeEach(async () => {
  prefix = `${base}-${++tests}`;
  await database.db.deleteFrom('background_services').execute();
});
afterEach(async () => {
  for (const c of toClose.splice(0).reverse()) await c.close();
  await removeQueueKeys(prefix);
});
afterAll(async () => {
  await database?.destroy();
  await data?.remove();
});

/** Each worker process's own record of the scheduled runs it did, by BullMQ job id. */
function countingRegistry(runs: string[], fail?: () => boolean): JobRegistry {
  const r: JobRegistry = { ...jobRegistry };
  for (const job of recurringJobs) {
    (r as Record<string, unknown>)[job.name] = async (_d: unknown, _p: unknown, ctx: { jobId?: string }) => {
      if (fail?.()) {
        runs.push(`failed ${job.name} ${ctx.jobId}`);
        throw new Error(`${job.name} broke`);
      }
      runs.push(`${job.name} ${ctx.jobId}`);
      return { ran: 1 };
    };
  }
  return r;
}
function workerProcess(registry: JobRegistry, extra: Partial<WorkersOptions> = {}) {
  const deps = { db: database.db, mailer: createMailer({ dataDir: data.dir, from: MAIL_FROM }), log, config: { dataDir: data.dir, mailFrom: MAIL_FROM } };
  const w = startWorkers({ deps, redisUrl: REDIS_URL, prefix, registry, recurringEveryMs: EVERY, schedulerSyncMs: 200, ...extra });
  toClose.push(w);
  return w;
}
function queue(name: string) {
  const q = new Queue(name, { connection: { url: REDIS_URL }, prefix });
  toClose.push(q);
  return q;
}
const row = (id: string) => database.db.selectFrom('background_services').selectAll().where('id', '=', id).executeTakeFirst();
const dups = (xs: string[]) => xs.filter((x, i) => xs.indexOf(x) !== i);

describe('background services with two worker processes', () => {
  it('both see the same job schedulers, and each scheduled run is done once, by one of them', async () => {
    const a: string[] = [];
    const b: string[] = [];
    workerProcess(countingRegistry(a));
    workerProcess(countingRegistry(b));
    const maintenance = queue('maintenance');
    await waitFor(async () => (await maintenance.getJobSchedulers()).length === 4, 'the four maintenance schedulers');
    await sleep(4 * EVERY);

    const all = [...a, ...b].filter((r) => r.startsWith('maintenance.cleanup '));
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(dups([...a, ...b])).toEqual([]);
    expect(all.every((r) => /^maintenance\.cleanup repeat:maintenance\.cleanup:\d+$/.test(r))).toBe(true);
    // Recorded for the screen, in the table both processes share.
    expect(await row('maintenance.cleanup')).toMatchObject({ status: 'Succeeded', enabled: true, last_error: null, last_result: { ran: 1 } });
    expect((await row('maintenance.cleanup'))!.next_run_at!.getTime()).toBeGreaterThan(Date.now() - EVERY);
    expect((await row('maintenance.cleanup'))!.last_duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('a disable (the API writes the table) stops the runs in every worker process and drops the scheduler; enabling brings it back', async () => {
    const runs: string[] = [];
    workerProcess(countingRegistry(runs));
    workerProcess(countingRegistry(runs));
    const maintenance = queue('maintenance');
    await waitFor(async () => runs.some((r) => r.startsWith('maintenance.logs ')), 'a first run');

    await setBackgroundServiceEnabled(database.db, 'maintenance.logs', false);
    const stoppedAt = runs.filter((r) => r.startsWith('maintenance.logs ')).length;
    await waitFor(async () => !(await maintenance.getJobScheduler('maintenance.logs')), 'the scheduler to be removed');
    await sleep(3 * EVERY);
    // A run that had already started when the disable committed may finish; none starts after it.
    expect(runs.filter((r) => r.startsWith('maintenance.logs ')).length).toBeLessThanOrEqual(stoppedAt + 1);
    expect(await row('maintenance.logs')).toMatchObject({ enabled: false, status: 'Disabled', next_run_at: null });
    // the others go on
    expect(await maintenance.getJobScheduler('maintenance.cleanup')).toBeTruthy();

    await setBackgroundServiceEnabled(database.db, 'maintenance.logs', true);
    await waitFor(async () => (await maintenance.getJobScheduler('maintenance.logs'))?.every === EVERY, 'the scheduler to be back');
    const resumedFrom = runs.filter((r) => r.startsWith('maintenance.logs ')).length;
    await waitFor(async () => runs.filter((r) => r.startsWith('maintenance.logs ')).length > resumedFrom, 'the runs to resume');
  });

  it('records a failed run with its error; RESET clears it and runs it again through the outbox', async () => {
    let broken = true;
    const runs: string[] = [];
    const registry = countingRegistry(runs, () => broken);
    // slow schedules: the runs here are RESET's, not the scheduler's
    workerProcess(registry, { recurringEveryMs: 3600_000 });
    const api = await startJobRuntime({ db: database.db, redisUrl: REDIS_URL, dataDir: data.dir, mailFrom: MAIL_FROM, log, queuePrefix: prefix, pollMs: 100, runProcessors: false });
    toClose.push(api);

    // The API's RESET: clear the row and write the run to the outbox in one transaction; answers the row as RESET left
    // it (read after the commit, a run of the other worker process finishing in between once showed 'Succeeded').
    const reset = () => database.db.transaction().execute(async (trx) => {
      await resetBackgroundService(trx, 'documents.sync');
      await enqueueJob(trx, 'documents.sync', {});
      return trx.selectFrom('background_services').selectAll().where('id', '=', 'documents.sync').executeTakeFirst();
    });
    await reset();
    api.kick();
    await waitFor(async () => runs.some((r) => /^failed documents\.sync outbox-/.test(r)), 'the run RESET queued to fail');
    const failed = await waitFor(async () => {
      const r = await row('documents.sync');
      return r?.status === 'Failed' && r;
    }, 'the failed run to be recorded');
    expect(failed.last_error).toBe('documents.sync broke');

    // (The failed job's own retry comes after BullMQ's 60 s backoff, long after this test.)
    broken = false;
    expect(await reset()).toMatchObject({ status: 'Idle', last_error: null });
    api.kick();
    // waits for RESET's own run: on a busy machine a scheduler's run may record Succeeded first
    const resetRun = (r: string) => /^documents\.sync outbox-\d+$/.test(r);
    await waitFor(async () => runs.some(resetRun) && (await row('documents.sync'))?.status === 'Succeeded', 'the run after RESET to succeed');
    expect(runs.filter(resetRun)).toHaveLength(1);
  });

  it('a worker killed in the middle of a job: the other worker does the job (stalled-job recovery), once', async () => {
    const LOCK_MS = 1000;
    const STALLED_MS = 500;
    const hanging = fileURLToPath(new URL('../testing/hanging-worker.ts', import.meta.url));
    const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', hanging], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: database.url, REDIS_URL, QUEUE_PREFIX: prefix, LOCK_MS: String(LOCK_MS), STALLED_MS: String(STALLED_MS) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise((r) => child.on('exit', r));
    try {
      await waitFor(async () => output.includes('READY'), 'the worker process to start', 30_000);
      const api = await startJobRuntime({ db: database.db, redisUrl: REDIS_URL, dataDir: data.dir, mailFrom: MAIL_FROM, log, queuePrefix: prefix, pollMs: 100, runProcessors: false });
      toClose.push(api);
      await database.db.transaction().execute((trx) => enqueueJob(trx, 'email.send', resetEmail('killed'), { idempotencyKey: 'killed' }));
      api.kick();
      await waitFor(async () => output.includes('STARTED ann.killed@example.com'), 'the job to start in the worker process', 15_000);
    } finally {
      child.kill('SIGKILL');
    }
    await exited;
    expect(await outboxRow(database.db, 'killed')).toMatchObject({ status: 'relayed' });

    // The survivor: the real e-mail processor, looking for stalled jobs often.
    workerProcess(jobRegistry, { lockDurationMs: LOCK_MS, stalledIntervalMs: STALLED_MS, recurringEveryMs: 3600_000 });
    await waitFor(async () => (await outboxRow(database.db, 'killed')).status === 'done', 'the other worker to finish the job', 20_000);
    const mails = (await readMails(data.dir)).filter((m) => m.decoded.includes(resetLink('killed')));
    expect(mails).toHaveLength(1);
  }, 60_000);

  it('a worker killed in the middle of a webhook delivery: the other worker delivers it, the same event', async () => {
    const LOCK_MS = 1000;
    const STALLED_MS = 500;
    // The receiver holds the first request open (the delivery the killed worker was making) and answers the next.
    const bodies: Array<{ id: string | undefined; body: string }> = [];
    const held: ServerResponse[] = [];
    const receiver = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        bodies.push({ id: req.headers['webhook-id'] as string | undefined, body: Buffer.concat(chunks).toString('utf8') });
        if (bodies.length === 1) held.push(res);
        else res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.2', r));
    toClose.push({ close: () => new Promise<void>((r) => { for (const h of held) h.destroy(); receiver.close(() => r()); }) });
    const url = `http://127.0.0.2:${(receiver.address() as AddressInfo).port}/hook`;
    const webhookEnv = { WEBHOOK_ALLOW_NETWORKS: '127.0.0.2/32', WEBHOOK_TIMEOUT_MS: '60000' };

    const hanging = fileURLToPath(new URL('../testing/hanging-worker.ts', import.meta.url));
    const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', hanging], {
      cwd: repoRoot,
      env: { ...process.env, ...webhookEnv, REAL_JOBS: '1', DATABASE_URL: database.url, REDIS_URL, QUEUE_PREFIX: prefix, LOCK_MS: String(LOCK_MS), STALLED_MS: String(STALLED_MS) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise((r) => child.on('exit', r));
    let eventId: string | null = null;
    try {
      await waitFor(async () => output.includes('READY'), 'the worker process to start', 30_000);
      const api = await startJobRuntime({ db: database.db, redisUrl: REDIS_URL, dataDir: data.dir, mailFrom: MAIL_FROM, log, queuePrefix: prefix, pollMs: 100, runProcessors: false });
      toClose.push(api);
      await database.db.insertInto('webhook_endpoints').values({ url, secret: 'whsec_' + Buffer.from('kill-test-secret').toString('base64'), events: ['customer.merged'] }).execute();
      eventId = await database.db.transaction().execute((trx) => recordWebhookEvent(trx, 'customer.merged', { customerId: 'c-1' }));
      api.kick();
      await waitFor(async () => bodies.length === 1, 'the delivery to reach the receiver from the worker process', 15_000);
    } finally {
      child.kill('SIGKILL');
    }
    await exited;

    // The survivor: the real delivery processor, with the same address policy, looking for stalled jobs often.
    const deps = { db: database.db, mailer: createMailer({ dataDir: data.dir, from: MAIL_FROM }), log, config: { dataDir: data.dir, mailFrom: MAIL_FROM, webhooks: webhookSettingsFromEnv(webhookEnv) } };
    toClose.push(startWorkers({ deps, redisUrl: REDIS_URL, prefix, registry: jobRegistry, recurringEveryMs: 3600_000, schedulerSyncMs: 60_000, lockDurationMs: LOCK_MS, stalledIntervalMs: STALLED_MS }));
    const delivered = await waitFor(async () => {
      const d = await database.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).executeTakeFirst();
      return d?.status === 'succeeded' && d;
    }, 'the other worker to deliver it', 20_000);
    // at least once, the same event: both requests carried its id and the very same body
    expect(bodies).toHaveLength(2);
    expect(bodies.map((b) => b.id)).toEqual([eventId, eventId]);
    expect(bodies[1]!.body).toBe(bodies[0]!.body);
    expect(delivered.attempts).toBe(1); // the killed attempt never finished, so only the survivor's is logged
  }, 60_000);
});
