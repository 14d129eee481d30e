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

const hoursAgo = (h: number) => sql<Date>`now() - ${`${h} hours`}::interval` as unknown as Date;

describe('webhooks.sweep (the webhooks\' background service)', () => {
  it('queues again the deliveries whose retry was lost, once, and deletes old events whose deliveries all ended', async () => {
    const db = database.db;
    const [on, off] = await db
      .insertInto('webhook_endpoints')
      .values([
        { url: 'https://receiver.example/hook', secret: 'whsec_x', events: ['customer.merged'] },
        { url: 'https://off.example/hook', secret: 'whsec_y', events: ['customer.merged'], enabled: false },
      ])
      .returning('id')
      .execute();
    const event = async (ageHours: number) =>
      (await db.insertInto('webhook_events').values({ type: 'customer.merged', body: '{}', created_at: hoursAgo(ageHours), updated_at: hoursAgo(ageHours) }).returning('id').executeTakeFirstOrThrow()).id;
    const delivery = async (eventId: string, status: string, ageHours: number, endpoint = on!.id) =>
      (await db.insertInto('webhook_deliveries').values({ event_id: eventId, endpoint_id: endpoint, status, created_at: hoursAgo(ageHours), updated_at: hoursAgo(ageHours) }).returning('id').executeTakeFirstOrThrow()).id;

    const recent = await event(1);
    const stuckRetrying = await delivery(recent, 'retrying', 7); // untouched past 1.5 × the 4 h longest backoff
    const stuckPending = await delivery(recent, 'pending', 8);
    await delivery(recent, 'retrying', 5); // still within its backoff
    await delivery(recent, 'pending', 9, off!.id); // endpoint disabled: its job ends it when it runs
    const oldEnded = await event(31 * 24);
    await delivery(oldEnded, 'succeeded', 31 * 24);
    await delivery(oldEnded, 'failed', 31 * 24);
    const oldOpen = await event(31 * 24);
    await delivery(oldOpen, 'retrying', 2);

    const deps = { db, log: memoryLog(), config: {} } as unknown as JobDeps;
    expect(await runJob(jobRegistry, deps, 'webhooks.sweep', {}, { attempt: 1 })).toEqual({ requeued: 2, eventsDeleted: 1 });
    const queued = await db.selectFrom('outbox').select('payload').where('name', '=', 'webhooks.deliver').execute();
    expect(queued.map((q) => (typeof q.payload === 'string' ? JSON.parse(q.payload) : q.payload).deliveryId).sort()).toEqual([stuckPending, stuckRetrying].sort());
    // found stuck again before its job ran: not queued twice
    expect(await runJob(jobRegistry, deps, 'webhooks.sweep', {}, { attempt: 1 })).toEqual({ requeued: 2, eventsDeleted: 0 });
    expect(await db.selectFrom('outbox').select('id').where('name', '=', 'webhooks.deliver').execute()).toHaveLength(2);
    const events = (await db.selectFrom('webhook_events').select('id').execute()).map((e) => e.id).sort();
    expect(events).toEqual([recent, oldOpen].sort());
    expect(await db.selectFrom('webhook_deliveries').select('id').where('event_id', '=', oldEnded).execute()).toEqual([]);
  });
});
