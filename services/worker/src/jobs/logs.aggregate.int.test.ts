import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@insp/db/testing';
import type { JobDeps } from '../types.js';
import { memoryLog } from '../testing/helpers.js';
import { jobRegistry, runJob } from './registry.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

const at = (iso: string) => new Date(iso);
const row = (iso: string, user: string | null, status: number, ms: number) => ({ occurred_at: at(iso), user_email: user, method: 'GET', status_code: status, duration_ms: ms, url: '/api/v1/x' });
const daily = async () =>
  (await sql<{ day: string; user_email: string; requests: number; client_errors: number; server_errors: number; duration_ms_total: number; duration_ms_max: number }>`
    select day::text as day, user_email, requests, client_errors, server_errors, duration_ms_total, duration_ms_max from web_log_daily order by day, user_email`.execute(database.db)).rows;

describe('logs.aggregate (log aggregation)', () => {
  it('rolls the request log up per UTC day and user, recomputes the last day, and keeps days after the raw rows go', async () => {
    const db = database.db;
    await db
      .insertInto('web_logs')
      .values([
        row('2026-11-20T23:59:59Z', 'Ann@Company.example', 200, 10),
        row('2026-11-20T08:00:00Z', 'ann@company.example', 404, 30),
        row('2026-11-20T09:00:00Z', null, 401, 1),
        row('2026-11-21T00:00:00Z', 'ann@company.example', 500, 100),
        row('2026-11-21T12:00:00Z', 'bob@company.example', 200, 4),
      ])
      .execute();
    const deps = { db, log: memoryLog(), config: {} } as unknown as JobDeps;
    expect(await runJob(jobRegistry, deps, 'logs.aggregate', {}, { attempt: 1 })).toEqual({ from: '2026-11-20', days: 2, rows: 4 });
    expect(await daily()).toEqual([
      { day: '2026-11-20', user_email: '', requests: 1, client_errors: 1, server_errors: 0, duration_ms_total: 1, duration_ms_max: 1 },
      { day: '2026-11-20', user_email: 'ann@company.example', requests: 2, client_errors: 1, server_errors: 0, duration_ms_total: 40, duration_ms_max: 30 },
      { day: '2026-11-21', user_email: 'ann@company.example', requests: 1, client_errors: 0, server_errors: 1, duration_ms_total: 100, duration_ms_max: 100 },
      { day: '2026-11-21', user_email: 'bob@company.example', requests: 1, client_errors: 0, server_errors: 0, duration_ms_total: 4, duration_ms_max: 4 },
    ]);

    // more requests on the last day; the 20th's raw rows are deleted (retention): the next run redoes only the 21st
    await db.insertInto('web_logs').values([row('2026-11-21T13:00:00Z', 'bob@company.example', 200, 6)]).execute();
    await db.deleteFrom('web_logs').where('occurred_at', '<', at('2026-11-21T00:00:00Z')).execute();
    expect(await runJob(jobRegistry, deps, 'logs.aggregate', {}, { attempt: 1 })).toEqual({ from: '2026-11-21', days: 1, rows: 2 });
    const after = await daily();
    expect(after.filter((d) => d.day === '2026-11-20')).toHaveLength(2);
    expect(after.find((d) => d.day === '2026-11-21' && d.user_email === 'bob@company.example')).toMatchObject({ requests: 2, duration_ms_total: 10, duration_ms_max: 6 });
    // run again with nothing new: the same rows
    await runJob(jobRegistry, deps, 'logs.aggregate', {}, { attempt: 2 });
    expect(await daily()).toEqual(after);
  });
});
