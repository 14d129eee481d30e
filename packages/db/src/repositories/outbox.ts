import { sql } from 'kysely';
import { jobSchemas, type JobName, type JobPayload } from '@insp/contracts';
import type { Db } from '../client.js';

/**
 * Writes a job to the outbox. Call it with the transaction that writes the data the job is about,
 * so both commit or neither does. The idempotency key makes a repeated request enqueue once.
 */
export async function enqueueJob<N extends JobName>(
  db: Db,
  name: N,
  payload: JobPayload<N>,
  opts: { idempotencyKey?: string; delayMs?: number } = {},
): Promise<void> {
  const valid = jobSchemas[name].parse(payload);
  await db
    .insertInto('outbox')
    .values({
      name,
      payload: JSON.stringify(valid),
      idempotency_key: opts.idempotencyKey ?? null,
      available_at: opts.delayMs ? sql`now() + ${`${opts.delayMs} milliseconds`}::interval` : sql`now()`,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
}

export interface OutboxRow {
  id: number;
  name: string;
  payload: unknown;
  attempts: number;
}

/**
 * Claims up to `limit` due rows for this relay. The lease (locked_until) keeps a second relay from taking
 * the same rows; if this process dies, the lease runs out and another relay picks them up.
 */
export async function claimDueJobs(db: Db, limit: number, leaseMs = 60_000): Promise<OutboxRow[]> {
  const { rows } = await sql<OutboxRow>`
    update outbox set locked_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1
    where id in (
      select id from outbox
      where status = 'pending' and available_at <= now() and (locked_until is null or locked_until < now())
      order by available_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, name, payload, attempts`.execute(db);
  return rows;
}

/** The queue accepted the job (at scale) or the processor finished it (embedded). */
export async function markJob(db: Db, id: number, status: 'relayed' | 'done'): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status, processed_at: sql`now()`, locked_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** Try again later with backoff; after maxAttempts the row is parked as failed for an operator to see. */
export async function retryJob(db: Db, id: number, error: string, attempts: number, maxAttempts = 8, backoffMs = Math.min(2 ** attempts * 1000, 15 * 60_000)): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: attempts >= maxAttempts ? 'failed' : 'pending',
      last_error: error.slice(0, 2000),
      locked_until: null,
      available_at: sql`now() + ${`${backoffMs} milliseconds`}::interval`,
    })
    .where('id', '=', id)
    .execute();
}
