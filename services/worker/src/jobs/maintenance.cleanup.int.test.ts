import { randomBytes, randomUUID } from 'node:crypto';
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

const hours = (h: number) => sql<Date>`now() + ${`${h} hours`}::interval`;
const days = (d: number) => hours(d * 24);

describe('maintenance clean-up', () => {
  it('deletes exactly the expired sessions, spent links, old sign-in attempts, finished jobs and day-old idempotency keys', async () => {
    const db = database.db;
    const { id: userId } = await db
      .insertInto('users')
      .values({ kind: 'distributor', email: `cleanup-${randomBytes(3).toString('hex')}@example.com`, name: 'C' })
      .returning('id')
      .executeTakeFirstOrThrow();

    const session = (label: string, expiresAt: unknown) => ({ id: randomUUID(), user_id: userId, expires_at: expiresAt as Date, id_token: label });
    await db
      .insertInto('auth_sessions')
      .values([session('expired-2d', days(-2)), session('expired-1h', hours(-1)), session('valid', hours(8))])
      .execute();

    const token = (label: string, expiresAt: unknown, usedAt: unknown = null) => ({
      user_id: userId,
      purpose: 'password-reset',
      token_hash: `${label}:${randomBytes(4).toString('hex')}`,
      expires_at: expiresAt as Date,
      used_at: usedAt as Date | null,
    });
    await db
      .insertInto('auth_tokens')
      .values([
        token('used-8d', days(-6), days(-8)), // only its use is old enough
        token('used-2d', days(5), days(-2)),
        token('expired-8d', days(-8)),
        token('expired-1d', days(-1)),
        token('valid', days(1)),
      ])
      .execute();

    const attempt = (label: string, at: unknown) => ({ email: `${label}@example.com`, ip: '10.0.0.1', succeeded: false, created_at: at as Date });
    await db.insertInto('login_attempts').values([attempt('old-25h', hours(-25)), attempt('recent-1h', hours(-1))]).execute();

    const job = (label: string, status: string, processedAt: unknown, createdAt: unknown = days(-30)) => ({
      name: 'email.send',
      payload: JSON.stringify({}),
      idempotency_key: label,
      status,
      processed_at: processedAt as Date | null,
      created_at: createdAt as Date,
    });
    await db
      .insertInto('outbox')
      .values([
        job('done-8d', 'done', days(-8)),
        job('relayed-8d', 'relayed', days(-8)),
        job('done-6d', 'done', days(-6)),
        job('failed-30d', 'failed', days(-30)),
        job('pending-30d', 'pending', null),
      ])
      .execute();

    const idemKey = (label: string, at: unknown) => ({ user_id: userId, operation: 'inspection_point.create', key: label, request_hash: 'h', result_id: randomUUID(), created_at: at as Date });
    await db.insertInto('idempotency_keys').values([idemKey('key-25h', hours(-25)), idemKey('key-23h', hours(-23))]).execute();

    const deps = { db, log: memoryLog() } as unknown as JobDeps;
    expect(await runJob(jobRegistry, deps, 'maintenance.cleanup', {}, { attempt: 1 })).toEqual({ sessions: 1, tokens: 2, loginAttempts: 1, outbox: 2, idempotencyKeys: 1 });

    const labels = async (q: Promise<Array<{ label: string | null }>>) => (await q).map((r) => r.label).sort();
    expect(await labels(db.selectFrom('auth_sessions').select('id_token as label').execute())).toEqual(['expired-1h', 'valid']);
    expect(await labels(db.selectFrom('auth_tokens').select(sql<string>`split_part(token_hash, ':', 1)`.as('label')).execute())).toEqual([
      'expired-1d',
      'used-2d',
      'valid',
    ]);
    expect(await labels(db.selectFrom('login_attempts').select(sql<string>`split_part(email, '@', 1)`.as('label')).execute())).toEqual(['recent-1h']);
    expect(await labels(db.selectFrom('outbox').select('idempotency_key as label').execute())).toEqual(['done-6d', 'failed-30d', 'pending-30d']);

    expect(await labels(db.selectFrom('idempotency_keys').select('key as label').execute())).toEqual(['key-23h']);

    // Idempotent: a second run (BullMQ may run a job twice) finds nothing more to delete.
    expect(await runJob(jobRegistry, deps, 'maintenance.cleanup', {}, { attempt: 2 })).toEqual({ sessions: 0, tokens: 0, loginAttempts: 0, outbox: 0, idempotencyKeys: 0 });
  });
});
