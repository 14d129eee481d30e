import { sql } from 'kysely';
import { enqueueJob, touchGeneratedFile } from '@insp/db';
import type { JobName, JobPayload } from '@insp/contracts';
import type { StoredObject } from '@insp/storage';
import { inTransaction, type ServiceContext } from '../context.js';
import { storageOf } from './storage.js';

export type StoredPdfAnswer = { ready: true; key: string; file: StoredObject; fileName: string } | { ready: false; retryAfterSeconds: number };

const POLL_MS = 200;

/**
 * A report PDF (inspection or audit) stored under its content key, or printed by `job`: the job goes into the
 * outbox with the key as idempotency key (a second request while one render runs joins it; a finished key whose
 * file is gone is re-armed) and the call waits up to `reportPdfWaitMs` for the file. Still printing: the client is
 * told to ask again (docs/decisions.md, "Report PDFs").
 */
export async function storedPdfOrPrint<N extends JobName>(
  ctx: ServiceContext,
  pdf: { key: string; fileName: string },
  job: N,
  payload: JobPayload<N>,
  /** How long to wait for the job's file; 0 answers at once (a status the web app polls). Default `reportPdfWaitMs`. */
  waitMs = ctx.config.reportPdfWaitMs,
): Promise<StoredPdfAnswer> {
  const { key, fileName } = pdf;
  const storage = storageOf(ctx.config);
  // Touched before the read: the clean-up of unused generated files either spares this one or has already deleted
  // it (then it is printed anew below); see packages/db generated-files.ts.
  await touchGeneratedFile(ctx.db, key);
  const stored = await storage.get(key);
  if (stored) return { ready: true, key, file: stored, fileName };
  await inTransaction(ctx, async (tx) => {
    await enqueueJob(tx.db, job, payload, { idempotencyKey: key });
    await tx.db
      .updateTable('outbox')
      .set({ status: 'pending', attempts: 0, available_at: sql`now()`, locked_until: null, last_error: null })
      .where('idempotency_key', '=', key)
      .where('status', 'in', ['done', 'failed'])
      .execute();
  });
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const file = await storage.get(key);
    if (file) return { ready: true, key, file, fileName };
  }
  return { ready: false, retryAfterSeconds: 2 };
}
