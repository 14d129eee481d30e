import type { Db } from '@insp/db';
import { sql } from 'kysely';

export type OnceResult<T> = { ran: true; value: T } | { ran: false; reason: 'already-done' | 'row-gone' };

/**
 * Runs `effect` at most once per outbox row, for effects that cannot be undone (sending an e-mail).
 *
 * The row is locked (`for update`) for the whole step, the effect runs only if the row is not yet 'done',
 * and the row is marked 'done' in the same transaction. A second run of the same job - BullMQ re-delivering
 * a stalled job, a relay re-adding it after a crash, a retry after the first run's bookkeeping failed -
 * waits for the lock and then finds the row 'done'. The one gap left: the process dies after the effect
 * and before the commit; the row stays undone and the effect happens again on retry. We accept a rare
 * duplicate there rather than the alternative (mark first, then send), which loses the e-mail instead.
 *
 * The lock is held during the effect, so keep effects short and bounded (the SMTP transport has timeouts).
 * On the embedded PGlite database this transaction holds the single connection meanwhile. The effect gets the
 * transaction, so what it records (the due notices it mailed) commits with the row's 'done'.
 */
export async function oncePerOutboxRow<T>(db: Db, outboxId: number, effect: (trx: Db) => Promise<T>): Promise<OnceResult<T>> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('outbox').select('status').where('id', '=', outboxId).forUpdate().executeTakeFirst();
    // Cleaned up (finished over a week ago): whatever it was for has long been handled.
    if (!row) return { ran: false, reason: 'row-gone' } as const;
    if (row.status === 'done') return { ran: false, reason: 'already-done' } as const;
    const value = await effect(trx);
    await trx
      .updateTable('outbox')
      .set({ status: 'done', processed_at: sql`now()`, locked_until: null, last_error: null })
      .where('id', '=', outboxId)
      .execute();
    return { ran: true, value } as const;
  });
}
