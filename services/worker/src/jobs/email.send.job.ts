import type { TEmailJob } from '@insp/contracts';
import type { JobContext, JobDeps } from '../types.js';
import { renderEmail } from '../mail/templates.js';
import { oncePerOutboxRow } from '../outbox/once.js';

/** Sends one templated e-mail. Idempotent through its outbox row: see outbox/once.ts. */
export async function sendEmail(deps: JobDeps, job: TEmailJob, ctx: JobContext) {
  const rendered = renderEmail(job);
  const send = () => deps.mailer.send({ to: job.to, ...rendered, id: ctx.outboxId ? `outbox-${ctx.outboxId}` : undefined });
  if (ctx.outboxId === undefined) {
    // Only the outbox gives a job an identity to deduplicate on; every e-mail job comes from it today.
    deps.log.warn({ template: job.template }, 'e-mail job without an outbox row: sent without a duplicate check');
    return { sent: true, messageId: (await send()).messageId };
  }
  const result = await oncePerOutboxRow(deps.db, ctx.outboxId, send);
  if (!result.ran) {
    deps.log.info({ outboxId: ctx.outboxId, reason: result.reason }, 'e-mail already handled, not sent again');
    return { sent: false, reason: result.reason };
  }
  deps.log.info({ outboxId: ctx.outboxId, template: job.template, messageId: result.value.messageId }, 'e-mail sent');
  return { sent: true, messageId: result.value.messageId };
}
