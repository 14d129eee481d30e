import { sql } from 'kysely';
import { enqueueJob, loadReportData } from '@insp/db';
import { P } from '@insp/contracts';
import type { StoredObject } from '@insp/storage';
import { reportPdfFileName, reportPdfKey } from '@insp/worker';
import { AppError, inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { storageOf } from '../../lib/storage.js';
import { requireVisibleReport } from './inspections.scope.js';

export type ReportPdfAnswer = { ready: true; file: StoredObject; fileName: string } | { ready: false; retryAfterSeconds: number };

const POLL_MS = 200;

/**
 * GET api/v1/inspections/{id}/reportpdf?lang=: the stored PDF of the report as it is now, in that language.
 * The key is the hash of the report's data (worker/jobs/report.pdf.ts), so an unchanged report is served from
 * storage; otherwise a `report.pdf` job is queued through the outbox with the key as its idempotency key (a
 * second request while one render runs joins it) and the call waits up to `reportPdfWaitMs` for the file.
 * Still rendering: 202, the client asks again (docs/decisions.md, "Report PDFs").
 */
export async function inspectionReportPdf(ctx: ServiceContext, id: string, lang: string): Promise<ReportPdfAnswer> {
  const c = requirePermission(ctx, P.reports);
  await requireVisibleReport(c.db, c.actor, id);
  const language = await c.db.selectFrom('languages').select('id').where('id', '=', lang).executeTakeFirst();
  if (!language) throw new AppError('BAD_REQUEST', `lang: not a language of the product (${lang})`, 'lang');
  const data = await loadReportData(c.db, id, lang);
  if (!data) throw notFound('Inspection');
  const key = reportPdfKey(data, lang);
  const fileName = reportPdfFileName(data);
  const storage = storageOf(c.config);
  const stored = await storage.get(key);
  if (stored) return { ready: true, file: stored, fileName };

  await inTransaction(c, async (tx) => {
    await enqueueJob(tx.db, 'report.pdf', { inspectionId: id, lang }, { idempotencyKey: key });
    // The key's earlier job finished but its file is gone (cleaned up, or the report changed while it printed): run it again.
    await tx.db
      .updateTable('outbox')
      .set({ status: 'pending', attempts: 0, available_at: sql`now()`, locked_until: null, last_error: null })
      .where('idempotency_key', '=', key)
      .where('status', 'in', ['done', 'failed'])
      .execute();
  });
  const deadline = Date.now() + c.config.reportPdfWaitMs;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const file = await storage.get(key);
    if (file) return { ready: true, file, fileName };
  }
  return { ready: false, retryAfterSeconds: 2 };
}
