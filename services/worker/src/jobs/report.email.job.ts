import type { TReportEmailJob } from '@insp/contracts';
import type { JobContext, JobDeps } from '../types.js';
import { oncePerOutboxRow } from '../outbox/once.js';
import { renderReportPdf } from './report.pdf.js';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * E-mails a report's PDF (in the language the save named) to the customer contact, queued by a save with
 * sendEmail (PUT api/v1/inspections/update). The PDF comes from renderReportPdf: the stored one when the report
 * has not changed, otherwise printed now. Rendering is retried like any job failure (Chromium busy, storage
 * away); the mail is sent at most once per outbox row (outbox/once.ts).
 */
export async function reportEmail(deps: JobDeps, job: TReportEmailJob, ctx: JobContext) {
  const pdf = await renderReportPdf(deps, job.inspectionId, job.lang);
  const inspection = await deps.db.selectFrom('inspections').select(['name', 'contact_name']).where('id', '=', job.inspectionId).executeTakeFirst();
  const title = inspection?.name ?? 'Inspection report';
  const greeting = inspection?.contact_name?.trim() ? `Hello ${inspection.contact_name.trim()},` : 'Hello,';
  const intro = `Attached is the report of the inspection "${title}" (${pdf.fileName}).`;
  const message = {
    to: job.to,
    subject: `Inspection report: ${title}`,
    text: [greeting, '', intro, ''].join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p></body></html>`,
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
