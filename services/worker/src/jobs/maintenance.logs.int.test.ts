import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@insp/db/testing';
import type { JobDeps } from '../types.js';
import { memoryLog } from '../testing/helpers.js';
import { jobRegistry, runJob } from './registry.js';
import { deleteOldLogs } from './maintenance.logs.job.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});
beforeEach(async () => {
  await database.db.deleteFrom('web_logs').execute();
  await database.db.deleteFrom('app_logs').execute();
});

const daysAgo = (d: number) => sql<Date>`now() - ${`${d * 24} hours`}::interval` as unknown as Date;
const web = (url: string, age: number) => ({ occurred_at: daysAgo(age), method: 'GET', status_code: 200, duration_ms: 1.5, url });
const app = (eventName: string, age: number) => ({ occurred_at: daysAgo(age), event_name: eventName });
const urls = async () => (await database.db.selectFrom('web_logs').select('url').orderBy('url').execute()).map((r) => r.url);
const events = async () => (await database.db.selectFrom('app_logs').select('event_name').orderBy('event_name').execute()).map((r) => r.event_name);

describe('log retention (maintenance.logs)', () => {
  it('deletes web and app log rows older than LOG_RETENTION_DAYS and keeps younger ones', async () => {
    const db = database.db;
    await db.insertInto('web_logs').values([web('/old', 31), web('/older', 200), web('/young', 29)]).execute();
    await db.insertInto('app_logs').values([app('old', 31), app('young', 1)]).execute();
    const deps = { db, log: memoryLog(), config: { logRetentionDays: 30 } } as unknown as JobDeps;

    expect(await runJob(jobRegistry, deps, 'maintenance.logs', {}, { attempt: 1 })).toEqual({ keepDays: 30, webLogs: 2, appLogs: 1 });
    expect(await urls()).toEqual(['/young']);
    expect(await events()).toEqual(['young']);
    // Idempotent: a second run (BullMQ may run a job twice) deletes nothing more.
    expect(await runJob(jobRegistry, deps, 'maintenance.logs', {}, { attempt: 2 })).toEqual({ keepDays: 30, webLogs: 0, appLogs: 0 });
  });

  it('keeps 90 days when the deployment names no retention', async () => {
    await database.db.insertInto('web_logs').values([web('/89', 89), web('/91', 91)]).execute();
    const deps = { db: database.db, log: memoryLog(), config: {} } as unknown as JobDeps;
    expect(await runJob(jobRegistry, deps, 'maintenance.logs', {}, { attempt: 1 })).toMatchObject({ keepDays: 90, webLogs: 1 });
    expect(await urls()).toEqual(['/89']);
  });

  it('deletes the oldest first in batches, at most the batches one run allows; the next run goes on', async () => {
    const db = database.db;
    await db.insertInto('web_logs').values(Array.from({ length: 25 }, (_, i) => web(`/old-${String(i).padStart(2, '0')}`, 31 + i))).execute();
    expect(await deleteOldLogs(db, { keepDays: 30, batchSize: 10, maxBatches: 2 })).toMatchObject({ webLogs: 20 });
    expect(await urls()).toEqual(['/old-00', '/old-01', '/old-02', '/old-03', '/old-04']);
    expect(await deleteOldLogs(db, { keepDays: 30, batchSize: 10, maxBatches: 2 })).toMatchObject({ webLogs: 5 });
    expect(await urls()).toEqual([]);
  });
});
