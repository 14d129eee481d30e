import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@insp/db/testing';
import type { JobDeps } from '../types.js';
import { memoryLog } from '../testing/helpers.js';
import { jobRegistry, runJob } from './registry.js';
import { deleteExpiredSharedLinks } from './maintenance.shared-links.job.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});
beforeEach(async () => {
  await database.db.deleteFrom('shared_links').execute();
});

const days = (d: number) => sql<Date>`now() + ${`${d * 24} hours`}::interval`;
/** A link as the API writes it, labelled through its file name. */
const link = (label: string, expiresInDays: number, revokedDaysAgo: number | null = null) => ({
  token_hash: randomBytes(32).toString('hex'),
  target_kind: 'inspection_report',
  target_id: randomUUID(),
  lang: 'en',
  storage_key: `reports/${label}.pdf`,
  file_name: label,
  expires_at: days(expiresInDays) as unknown as Date,
  revoked_at: (revokedDaysAgo === null ? null : days(-revokedDaysAgo)) as unknown as Date | null,
});
const labels = async () => (await database.db.selectFrom('shared_links').select('file_name').orderBy('file_name').execute()).map((r) => r.file_name);

describe('shared links clean-up (maintenance.sharedLinks)', () => {
  it('deletes links expired more than 30 days ago, revoked or not, and keeps younger, live and revoked-but-unexpired ones and the audit trail', async () => {
    const db = database.db;
    const rows = await db
      .insertInto('shared_links')
      .values([
        link('expired-31d', -31),
        link('expired-31d-revoked', -31, 40),
        link('expired-29d', -29),
        link('expired-29d-revoked', -29, 35),
        link('live', 7),
        link('live-revoked', 20, 1),
      ])
      .returning(['id', 'file_name'])
      .execute();
    const old = rows.find((r) => r.file_name === 'expired-31d-revoked')!;
    await db
      .insertInto('audit_trail')
      .values([
        { entity_type: 'shared_link', entity_id: old.id, action: 'create', changes: JSON.stringify({ kind: 'inspection_report', days: 7 }) },
        { entity_type: 'shared_link', entity_id: old.id, action: 'revoke', changes: JSON.stringify({ kind: 'inspection_report' }) },
      ])
      .execute();

    const deps = { db, log: memoryLog() } as unknown as JobDeps;
    expect(await runJob(jobRegistry, deps, 'maintenance.sharedLinks', {}, { attempt: 1 })).toEqual({ deleted: 2, batches: 1 });
    expect(await labels()).toEqual(['expired-29d', 'expired-29d-revoked', 'live', 'live-revoked']);
    // who shared it and who revoked it outlive the row
    expect((await db.selectFrom('audit_trail').select('action').where('entity_id', '=', old.id).orderBy('action').execute()).map((r) => r.action)).toEqual(['create', 'revoke']);

    // Idempotent: a second run (BullMQ may run a job twice) deletes nothing more.
    expect(await runJob(jobRegistry, deps, 'maintenance.sharedLinks', {}, { attempt: 2 })).toEqual({ deleted: 0, batches: 1 });
  });

  it('deletes in batches of the oldest first, at most the batches one run allows; the next run goes on', async () => {
    const db = database.db;
    await db.insertInto('shared_links').values(Array.from({ length: 25 }, (_, i) => link(`old-${String(i).padStart(2, '0')}`, -31 - i))).execute();
    await db.insertInto('shared_links').values(link('young', -1)).execute();

    expect(await deleteExpiredSharedLinks(db, { batchSize: 10, maxBatches: 2 })).toEqual({ deleted: 20, batches: 2 });
    // the 20 oldest went first (old-05 … old-24 expired longest ago)
    expect(await labels()).toEqual(['old-00', 'old-01', 'old-02', 'old-03', 'old-04', 'young']);
    expect(await deleteExpiredSharedLinks(db, { batchSize: 10, maxBatches: 2 })).toEqual({ deleted: 5, batches: 1 });
    expect(await labels()).toEqual(['young']);
  });

  it('finds the batch through the expiry index, not by reading the whole table', async () => {
    const db = database.db;
    await db.insertInto('shared_links').values(Array.from({ length: 200 }, (_, i) => link(`l-${i}`, (i % 60) - 40))).execute();
    await sql`analyze shared_links`.execute(db);
    // One connection (a transaction) for the setting and the plan; a seq scan forbidden so a small table shows the index.
    const plan = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select id from shared_links
        where expires_at < now() - interval '30 days' order by expires_at limit 1000 for update skip locked`.execute(trx);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('shared_links_expires_at');
  });
});
