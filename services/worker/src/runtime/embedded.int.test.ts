import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueueJob } from '@insp/db';
import { createTestDatabase, type TestDatabase } from '@insp/db/testing';
import { createMailer } from '../mail/mailer.js';
import { jobRegistry, runJob } from '../jobs/registry.js';
import { readMails } from '../testing/eml.js';
import { closedPort, MAIL_FROM, memoryLog, outboxRow, resetEmail, resetLink, tempDir, waitFor } from '../testing/helpers.js';
import { startJobRuntime, type JobRuntime } from './runtime.js';

let database: TestDatabase;
let data: Awaited<ReturnType<typeof tempDir>>;
let runtime: JobRuntime | undefined;
const log = memoryLog();

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});
beforeEach(async () => {
  data = await tempDir();
});
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
  await data.remove();
});

// A long poll interval: anything that happens quickly happened because of kick().
const start = (extra: { smtpUrl?: string; recurringEveryMs?: number } = {}) =>
  startJobRuntime({ db: database.db, dataDir: data.dir, mailFrom: MAIL_FROM, log, runProcessors: true, pollMs: 60_000, ...extra });

const enqueueCommitted = (key: string) =>
  database.db.transaction().execute((trx) => enqueueJob(trx, 'email.send', resetEmail(key), { idempotencyKey: key }));

describe('jobs in-process (embedded default)', () => {
  it('sends an e-mail enqueued in a committed transaction as soon as it is kicked, and marks the row done', async () => {
    runtime = await start();
    await new Promise((r) => setTimeout(r, 100)); // let the start-up poll pass: the job must come from the kick
    await enqueueCommitted('embedded-1');
    runtime.kick();

    const row = await waitFor(async () => {
      const r = await outboxRow(database.db, 'embedded-1');
      return r.status === 'done' && r;
    }, 'the row to be done', 5000);
    expect(row).toMatchObject({ attempts: 1, last_error: null });
    const mails = await readMails(data.dir);
    expect(mails).toHaveLength(1);
    expect(mails[0].file).toMatch(new RegExp(`-outbox-${row.id}\\.eml$`));
    expect(mails[0].raw).toContain('Subject: Reset your password');
    expect(mails[0].raw).toContain('To: ann.embedded-1@example.com');
    expect(mails[0].decoded).toContain('Hello Ann Smith,');
    expect(mails[0].decoded).toContain(resetLink('embedded-1'));
  });

  it('never sends the same job twice: not when it runs again, not when two runs race', async () => {
    const deps = { db: database.db, mailer: createMailer({ dataDir: data.dir, from: MAIL_FROM }), log, config: { dataDir: data.dir, mailFrom: MAIL_FROM } };
    // Written with a delay so no poller takes them; the test plays the poller (or BullMQ) itself.
    await enqueueJob(database.db, 'email.send', resetEmail('twice-a'), { idempotencyKey: 'twice-a', delayMs: 3600_000 });
    await enqueueJob(database.db, 'email.send', resetEmail('twice-b'), { idempotencyKey: 'twice-b', delayMs: 3600_000 });
    const a = await outboxRow(database.db, 'twice-a');
    const b = await outboxRow(database.db, 'twice-b');

    expect(await runJob(jobRegistry, deps, 'email.send', a.payload, { outboxId: a.id, attempt: 1 })).toMatchObject({ sent: true });
    expect(await runJob(jobRegistry, deps, 'email.send', a.payload, { outboxId: a.id, attempt: 2 })).toEqual({ sent: false, reason: 'already-done' });

    const raced = await Promise.all([1, 2, 3].map((attempt) => runJob(jobRegistry, deps, 'email.send', b.payload, { outboxId: b.id, attempt })));
    expect(raced.filter((r) => (r as { sent: boolean }).sent)).toHaveLength(1);

    const mails = await readMails(data.dir);
    expect(mails.filter((m) => m.decoded.includes(resetLink('twice-a')))).toHaveLength(1);
    expect(mails.filter((m) => m.decoded.includes(resetLink('twice-b')))).toHaveLength(1);
    expect((await outboxRow(database.db, 'twice-b')).status).toBe('done');
  });

  it('leaves neither a job nor an e-mail behind a rolled-back transaction', async () => {
    runtime = await start();
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueueJob(trx, 'email.send', resetEmail('rolled-back'), { idempotencyKey: 'rolled-back' });
        throw new Error('the service failed after enqueueing');
      }),
    ).rejects.toThrow('the service failed');
    // A job committed after it is processed after it too (oldest first): once this one is done, the poll has passed.
    await enqueueCommitted('after-rollback');
    runtime.kick();
    await waitFor(async () => (await outboxRow(database.db, 'after-rollback')).status === 'done', 'the later job', 5000);

    const rows = await database.db.selectFrom('outbox').select('id').where('idempotency_key', '=', 'rolled-back').execute();
    expect(rows).toEqual([]);
    const mails = await readMails(data.dir);
    expect(mails.map((m) => m.decoded.includes(resetLink('rolled-back')))).toEqual([false]);
  });

  it('keeps a job whose send failed pending, with the attempt counted and the error recorded', async () => {
    const port = await closedPort();
    runtime = await start({ smtpUrl: `smtp://127.0.0.1:${port}` });
    await enqueueCommitted('smtp-down');
    runtime.kick();

    const row = await waitFor(async () => {
      const r = await outboxRow(database.db, 'smtp-down');
      return r.last_error ? r : undefined;
    }, 'the failure to be recorded', 15_000);
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(row.available_at.getTime()).toBeGreaterThan(Date.now()); // retried later, with backoff
    expect(row.locked_until).toBeNull();
    expect(await readMails(data.dir)).toEqual([]);
  });

  it('runs the recurring clean-up on its own timer', async () => {
    const { id } = await database.db
      .insertInto('login_attempts')
      .values({ email: 'old@example.com', ip: '10.0.0.1', succeeded: false, created_at: new Date(Date.now() - 3 * 24 * 3600_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    runtime = await start({ recurringEveryMs: 100 });
    await waitFor(
      async () => !(await database.db.selectFrom('login_attempts').select('id').where('id', '=', id).executeTakeFirst()),
      'the old sign-in attempt to be deleted',
      5000,
    );
  });

  it('runs the recurring shared-links clean-up on its own timer too', async () => {
    const { id } = await database.db
      .insertInto('shared_links')
      .values({
        token_hash: `embedded-${Date.now()}`, target_kind: 'audit_report', target_id: crypto.randomUUID(), lang: 'en',
        storage_key: 'reports/x.pdf', file_name: 'x.pdf', expires_at: new Date(Date.now() - 40 * 24 * 3600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    runtime = await start({ recurringEveryMs: 100 });
    await waitFor(
      async () => !(await database.db.selectFrom('shared_links').select('id').where('id', '=', id).executeTakeFirst()),
      'the long-expired shared link to be deleted',
      5000,
    );
  });

  it('runs the recurring log retention on its own timer too', async () => {
    const { id } = await database.db
      .insertInto('app_logs')
      .values({ occurred_at: new Date(Date.now() - 400 * 24 * 3600_000), event_name: 'ancient' })
      .returning('id')
      .executeTakeFirstOrThrow();
    runtime = await start({ recurringEveryMs: 100 });
    await waitFor(
      async () => !(await database.db.selectFrom('app_logs').select('id').where('id', '=', id).executeTakeFirst()),
      'the year-old app log row to be deleted',
      5000,
    );
  });
});
