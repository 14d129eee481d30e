import type { Db } from '@insp/db';
import { sql } from 'kysely';

// Conditional status changes the relay and the workers need next to markJob/retryJob in @insp/db.

/**
 * The queue accepted the job. Only a 'pending' row becomes 'relayed': a fast worker may already have
 * finished the job and marked it 'done' before this runs, and that must not be overwritten. For the same
 * reason only the relay's own error is cleared, not one a worker's first attempt just recorded.
 */
export async function markRelayed(db: Db, id: number): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: 'relayed',
      processed_at: sql`now()`,
      locked_until: null,
      last_error: sql`case when last_error like 'relay: %' then null else last_error end`,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** The queue could not take these rows: they stay pending and are offered again after `retryMs`. */
export async function deferRelay(db: Db, ids: number[], error: string, retryMs: number): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('outbox')
    .set({ locked_until: sql`now() + ${`${retryMs} milliseconds`}::interval`, last_error: `relay: ${error}`.slice(0, 2000) })
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .execute();
}

/** A processing attempt failed; `final` parks the row as 'failed' for an operator, otherwise only the error is kept. */
export async function recordJobFailure(db: Db, id: number, error: string, final: boolean): Promise<void> {
  await db
    .updateTable('outbox')
    .set(final ? { status: 'failed', last_error: error.slice(0, 2000), locked_until: null, processed_at: sql`now()` } : { last_error: error.slice(0, 2000) })
    .where('id', '=', id)
    .where('status', '!=', 'done')
    .execute();
}
