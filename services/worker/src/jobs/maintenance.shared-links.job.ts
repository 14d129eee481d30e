import { sql } from 'kysely';
import type { Db } from '@insp/db';
import type { JobDeps } from '../types.js';

/**
 * How long an expired shared link is kept (docs/decisions.md, "Shared report links"). Meanwhile its token still
 * answers 410 'This link has expired.' (the recipient learns why); after that it answers 403 like a token we never
 * gave. Who shared what, and who revoked it, stays in `audit_trail` (`shared_link` rows), which this never touches.
 */
export const SHARED_LINK_KEEP_DAYS = 30;
/** Rows per delete: each batch is its own short statement, so no long lock and no huge WAL burst. */
export const SHARED_LINK_BATCH = 1000;
/** Batches per run: a backlog is worked off over a few hourly runs instead of holding the worker for long. */
export const SHARED_LINK_MAX_BATCHES = 100;

export interface SharedLinksCleanupOptions {
  keepDays?: number;
  batchSize?: number;
  maxBatches?: number;
}

/**
 * Deletes links whose expiry is more than `keepDays` past, revoked or not (a revoked link is dead twice over; its
 * revocation is in the audit trail), oldest first through the `shared_links_expires_at` index. Idempotent: a second
 * run finds nothing more; `skip locked` lets two runs (BullMQ may deliver twice) share the work without waiting.
 */
export async function deleteExpiredSharedLinks(db: Db, opts: SharedLinksCleanupOptions = {}) {
  const keepDays = opts.keepDays ?? SHARED_LINK_KEEP_DAYS;
  const batchSize = opts.batchSize ?? SHARED_LINK_BATCH;
  const maxBatches = opts.maxBatches ?? SHARED_LINK_MAX_BATCHES;
  const before = sql<Date>`now() - ${`${keepDays} days`}::interval`;
  let deleted = 0;
  let batches = 0;
  while (batches < maxBatches) {
    const result = await db
      .deleteFrom('shared_links')
      .where('id', 'in', (eb) =>
        eb.selectFrom('shared_links').select('id').where('expires_at', '<', before).orderBy('expires_at').limit(batchSize).forUpdate().skipLocked(),
      )
      .executeTakeFirst();
    const n = Number(result.numDeletedRows);
    deleted += n;
    batches++;
    if (n < batchSize) break;
  }
  return { deleted, batches };
}

/** The recurring job (runtime/recurring.ts): hourly, like the other clean-up. */
export async function sharedLinksCleanup(deps: JobDeps) {
  const result = await deleteExpiredSharedLinks(deps.db);
  deps.log.info({ sharedLinks: result }, 'expired shared links deleted');
  return result;
}
