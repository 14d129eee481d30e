import { sql } from 'kysely';
import { adoptGeneratedFiles, GENERATED_FILE_FOLDERS, type Db } from '@insp/db';
import type { Storage } from '@insp/storage';
import type { JobDeps } from '../types.js';

/**
 * How long a generated file (report PDF, audit PDF, protocol export) is kept after it was last asked for
 * (docs/decisions.md, "Storage at scale, document sync and clean-up"). Deleting one is safe: its key is computed
 * from the content, so the next request for an unchanged document prints it again; an old version nobody can ask
 * for any more is gone for good, which is the point. The one holder that cannot print again is a shared link
 * (it snapshots the key), so a key a live link holds is never deleted, however old.
 */
export const GENERATED_FILE_KEEP_DAYS = 30;
/**
 * Files per transaction. The rows stay locked while their files are deleted, so a request touching one of them
 * waits for the batch: small batches keep that wait short.
 */
export const GENERATED_FILE_BATCH = 100;
export const GENERATED_FILE_MAX_BATCHES = 50;

export interface GeneratedFilesCleanupOptions {
  keepDays?: number;
  batchSize?: number;
  maxBatches?: number;
}

/**
 * Per batch, in one transaction: lock the oldest rows unused for `keepDays` that no live shared link (not revoked,
 * not expired) holds (`skip locked`: a second run takes other rows), delete their files, then the rows. A touch
 * (packages/db generated-files.ts) of a locked row waits until the commit and then finds the file gone and prints
 * it anew; a touch that came first made the row young, so it was never picked. A storage error rolls the batch
 * back: the rows stay and the next run tries again (deleting a missing file is not an error).
 */
export async function deleteUnusedGeneratedFiles(db: Db, storage: Storage, opts: GeneratedFilesCleanupOptions = {}) {
  const keepDays = opts.keepDays ?? GENERATED_FILE_KEEP_DAYS;
  const batchSize = opts.batchSize ?? GENERATED_FILE_BATCH;
  const maxBatches = opts.maxBatches ?? GENERATED_FILE_MAX_BATCHES;
  let deleted = 0;
  let batches = 0;
  while (batches < maxBatches) {
    const n = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('generated_files as g')
        .select('g.storage_key')
        .where('g.last_used_at', '<', sql<Date>`now() - ${`${keepDays} days`}::interval`)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('shared_links as s')
                .select(sql`1`.as('one'))
                .whereRef('s.storage_key', '=', 'g.storage_key')
                .where('s.revoked_at', 'is', null)
                .where('s.expires_at', '>', sql<Date>`now()`),
            ),
          ),
        )
        .orderBy('g.last_used_at')
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      for (const r of rows) await storage.delete(r.storage_key);
      if (rows.length) await trx.deleteFrom('generated_files').where('storage_key', 'in', rows.map((r) => r.storage_key)).execute();
      return rows.length;
    });
    deleted += n;
    batches++;
    if (n < batchSize) break;
  }
  return { deleted, batches };
}

/**
 * Lists the generated folders in storage and records the files no row knows as used now (packages/db
 * generated-files.ts): files printed before the table existed, or by a worker that died between put and record,
 * then age like the others instead of living forever. Keys are inserted 1 000 at a time, and only new ones.
 */
export async function adoptUnrecordedGeneratedFiles(db: Db, storage: Storage) {
  let adopted = 0;
  let listed = 0;
  for (const folder of GENERATED_FILE_FOLDERS) {
    let batch: Array<{ key: string; size: number }> = [];
    for await (const o of storage.list(folder)) {
      listed++;
      batch.push(o);
      if (batch.length === 1000) {
        adopted += await adoptGeneratedFiles(db, batch);
        batch = [];
      }
    }
    adopted += await adoptGeneratedFiles(db, batch);
  }
  return { listed, adopted };
}

/** The recurring job (runtime/recurring.ts): daily; a file is kept 30 days, so an hour's precision buys nothing. */
export async function generatedFilesCleanup(deps: JobDeps) {
  if (!deps.storage) throw new Error('maintenance.generatedFiles needs file storage in this process');
  const found = await adoptUnrecordedGeneratedFiles(deps.db, deps.storage);
  const result = await deleteUnusedGeneratedFiles(deps.db, deps.storage);
  deps.log.info({ generatedFiles: { ...result, ...found } }, 'unused generated files deleted');
  return { ...result, adopted: found.adopted };
}
