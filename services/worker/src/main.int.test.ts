import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '@insp/db';
import { createTestDatabase, type TestDatabase } from '@insp/db/testing';
import { readMails } from './testing/eml.js';
import { outboxRow, REDIS_URL, removeQueueKeys, resetEmail, resetLink, tempDir, waitFor } from './testing/helpers.js';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

function startWorkerProcess(env: Record<string, string | undefined>) {
  // An undefined value removes the variable (the test's own REDIS_URL must not leak in).
  const clean = Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, v]) => v !== undefined)) as Record<string, string>;
  const child = spawn(process.execPath, ['--import', 'tsx', main], { cwd: repoRoot, env: clean, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe('the worker process (npm run worker)', () => {
  it('refuses to start without REDIS_URL, saying that embedded mode runs jobs in the API', async () => {
    const p = startWorkerProcess({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', REDIS_URL: undefined });
    expect(await p.exited).toBe(1);
    expect(p.output()).toMatch(/REDIS_URL is required/);
    expect(p.output()).toMatch(/inside the API process/);
  });

  describe('with PostgreSQL and Redis', () => {
    let database: TestDatabase;
    let data: Awaited<ReturnType<typeof tempDir>>;
    const prefix = `insp-test-${randomBytes(4).toString('hex')}`;
    beforeAll(async () => {
      database = await createTestDatabase();
      data = await tempDir();
    });
    afterAll(async () => {
      await database?.destroy();
      await data?.remove();
      await removeQueueKeys(prefix);
    });

    it('drains the outbox with no API running, and stops cleanly on SIGTERM', async () => {
      const p = startWorkerProcess({ DATABASE_URL: database.url, REDIS_URL, DATA_DIR: data.dir, QUEUE_PREFIX: prefix, SMTP_URL: '', LOG_LEVEL: 'info' });
      try {
        await waitFor(async () => p.output().includes('worker ready'), 'the worker to start', 30_000);
        await enqueueJob(database.db, 'email.send', resetEmail('process'), { idempotencyKey: 'process' });
        await waitFor(async () => (await outboxRow(database.db, 'process')).status === 'done', 'the job to be done', 15_000);
        expect((await readMails(data.dir)).filter((m) => m.decoded.includes(resetLink('process')))).toHaveLength(1);

        p.child.kill('SIGTERM');
        expect(await p.exited).toBe(0);
        expect(p.output()).toContain('worker stopped');
      } finally {
        p.child.kill('SIGKILL');
      }
    });
  });
});
