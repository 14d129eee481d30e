import { sql } from 'kysely';
import { formatDateIn, type TCertificationExpiryNoticeJob } from '@insp/contracts';
import { enqueueJob } from '@insp/db';
import type { JobContext, JobDeps } from '../types.js';
import { oncePerOutboxRow } from '../outbox/once.js';
import { renderCertificationExpiryEmail } from '../mail/certification-expiry.js';

const DAY = 86_400_000;
const BATCH = 500;

/**
 * Recurring (daily; issue 22): certifications that expire within `certExpiryNoticeDays` (default 30) and were not
 * noticed for their current expiration date get one e-mail per certified user. Per batch, one transaction locks the
 * certifications (`skip locked`: a second run takes others), writes one certifications.expiryNotice outbox row per
 * user and records the date noticed (`expiry_notice_for`), so a notice is queued exactly once and sent by the outbox
 * (at most once per row); a renewed certification (new expiration date) is noticed again when its new date nears.
 * Already expired ones get none: /certifications shows them in their own style.
 */
export async function certificationExpiryScan(deps: JobDeps) {
  const days = deps.config.certExpiryNoticeDays ?? 30;
  let notices = 0;
  let certifications = 0;
  for (let batch = 0; batch < 20; batch++) {
    const done = await deps.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('certifications as c')
        .innerJoin('certified_users as u', 'u.id', 'c.certified_user_id')
        .innerJoin('product_families as f', 'f.id', 'c.product_family_id')
        .select(['c.id', 'c.expiration_date', 'u.id as userId', 'u.email', 'u.name', 'u.employee_id', 'f.name as family'])
        .where('c.expiration_date', '>=', sql<Date>`now()`)
        .where('c.expiration_date', '<', sql<Date>`now() + ${`${days} days`}::interval`)
        .where(sql<boolean>`c.expiry_notice_for is distinct from c.expiration_date`)
        .orderBy('c.id')
        .limit(BATCH)
        .forUpdate('c')
        .skipLocked()
        .execute();
      if (!rows.length) return true;
      const byUser = new Map<string, typeof rows>();
      for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
      for (const list of byUser.values()) {
        const first = list[0]!;
        await enqueueJob(trx, 'certifications.expiryNotice', {
          to: first.email,
          name: first.name ?? first.employee_id,
          certifications: list
            .map((r) => ({ productFamily: r.family, expiresAt: r.expiration_date.getTime() }))
            .sort((a, b) => a.expiresAt - b.expiresAt),
        });
      }
      await trx
        .updateTable('certifications')
        .set({ expiry_notice_for: sql`expiration_date` })
        .where('id', 'in', rows.map((r) => r.id))
        .execute();
      notices += byUser.size;
      certifications += rows.length;
      return rows.length < BATCH;
    });
    if (done) break;
  }
  return { notices, certifications };
}

/** One notice e-mail, sent at most once per outbox row (outbox/once.ts). */
export async function certificationExpiryNotice(deps: JobDeps, job: TCertificationExpiryNoticeJob, ctx: JobContext) {
  const message = {
    to: job.to,
    ...renderCertificationExpiryEmail({
      name: job.name,
      rows: job.certifications.map((c) => ({ productFamily: c.productFamily, date: formatDateIn(c.expiresAt, 'UTC'), inDays: Math.max(0, Math.ceil((c.expiresAt - Date.now()) / DAY)) })),
    }),
    id: ctx.outboxId !== undefined ? `outbox-${ctx.outboxId}` : undefined,
  };
  if (ctx.outboxId === undefined) return { sent: true, messageId: (await deps.mailer.send(message)).messageId };
  const result = await oncePerOutboxRow(deps.db, ctx.outboxId, () => deps.mailer.send(message));
  return result.ran ? { sent: true, messageId: result.value.messageId } : { sent: false, reason: result.reason };
}
