import type { TReportEmailJob } from '@insp/contracts';
import type { JobContext, JobDeps } from '../types.js';
import { oncePerOutboxRow } from '../outbox/once.js';
import { renderReportEmail } from '../mail/report-email.js';
import { renderReportPdf } from './report.pdf.js';

/**
 * E-mails a report's PDF to the customer contact, queued by a save with sendEmail (PUT api/v1/inspections/update).
 * The PDF and the mail text are both in the job's language (issue 20: the one chosen in the save, else the
 * customer's, else the save's lang). The PDF comes from renderReportPdf: the stored one when the report
 * has not changed, otherwise printed now. Rendering is retried like any job failure (Chromium busy, storage
 * away); the mail is sent at most once per outbox row (outbox/once.ts).
 */
export async function reportEmail(deps: JobDeps, job: TReportEmailJob, ctx: JobContext) {
  const pdf = await renderReportPdf(deps, job.inspectionId, job.lang);
  const inspection = await deps.db.selectFrom('inspections').select(['name', 'contact_name']).where('id', '=', job.inspectionId).executeTakeFirst();
  const title = inspection?.name ?? 'Inspection report';
  const message = {
    to: job.to,
    ...renderReportEmail({ lang: job.lang, title, contactName: inspection?.contact_name ?? null, fileName: pdf.fileName }),
    attachments: [{ filename: pdf.fileName, content: Buffer.from(pdf.bytes), contentType: 'application/pdf' }],
    id: ctx.outboxId !== undefined ? `outbox-${ctx.outboxId}` : undefined,
  };
  if (ctx.outboxId === undefined) {
    deps.log.warn({ inspectionId: job.inspectionId }, 'report e-mail without an outbox row: sent without a duplicate check');
    return { sent: true, messageId: (await deps.mailer.send(message)).messageId };
  }
  const result = await oncePerOutboxRow(deps.db, ctx.outboxId, () => deps.mailer.send(message));
  if (!result.ran) return { sent: false, reason: result.reason };
  deps.log.info({ outboxId: ctx.outboxId, inspectionId: job.inspectionId, lang: job.lang, file: pdf.fileName }, 'report e-mail sent');
  return { sent: true, messageId: result.value.messageId };
}
