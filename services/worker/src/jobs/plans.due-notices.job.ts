import { sql } from 'kysely';
import type { TPlanCustomerReminderJob, TPlanDueNoticeJob } from '@insp/contracts';
import type { Db } from '@insp/db';
import type { JobContext, JobDeps } from '../types.js';
import { oncePerOutboxRow } from '../outbox/once.js';
import { renderCustomerReminderEmail, renderDueNoticeEmail, type DueLine } from '../mail/plan-due.js';
import type { RenderedEmail } from '../mail/templates.js';

type Pending = 'mailed_at' | 'reminded_at';

/** The notices not yet sent of one kind, locked, soonest due first, with what the message says of each machine. */
function pendingLines(trx: Db, pending: Pending) {
  return trx
    .selectFrom('inspection_plan_notices as n')
    .innerJoin('inspection_plans as p', 'p.id', 'n.plan_id')
    .innerJoin('equipment as e', 'e.id', 'p.equipment_id')
    .leftJoin('product_families as f', 'f.id', 'e.product_family_id')
    .leftJoin('customers as c', 'c.id', 'n.customer_id')
    .leftJoin('customer_sites as s', 's.id', 'n.customer_site_id')
    .select([
      'n.plan_id',
      'n.state',
      'n.due_on',
      sql<string>`to_char(n.due_on, 'YYYY-MM-DD')`.as('dueOn'),
      sql<string>`concat_ws(' ', f.name, e.serial_number, case when e.nick_name is not null then '"' || e.nick_name || '"' end)`.as('machine'),
      sql<string>`concat_ws(', ', c.name, s.name)`.as('where'),
      'p.inspection_type',
    ])
    .where(`n.${pending}`, 'is', null)
    .orderBy('n.due_on')
    .orderBy('e.serial_number')
    .forUpdate('n');
}

const toLine = (r: { machine: string; where: string; inspection_type: string; state: string; dueOn: string }): DueLine => ({
  machine: r.machine || 'Equipment',
  where: r.where,
  inspectionType: r.inspection_type,
  state: r.state as DueLine['state'],
  dueOn: r.dueOn,
});

/**
 * Sends one message and marks its notices sent in the transaction that marks the outbox row done: sent at most once
 * per row, and a notice is in one message only (a second row of the same day finds nothing left).
 */
async function sendOnce(
  deps: JobDeps,
  ctx: JobContext,
  compose: (trx: Db) => Promise<{ message: RenderedEmail & { to: string }; mark: (trx: Db) => Promise<unknown>; count: number } | { skip: string; mark?: (trx: Db) => Promise<unknown> }>,
) {
  const run = async (trx: Db) => {
    const composed = await compose(trx);
    if ('skip' in composed) {
      await composed.mark?.(trx);
      return { sent: false as const, reason: composed.skip };
    }
    const id = ctx.outboxId !== undefined ? `outbox-${ctx.outboxId}` : undefined;
    const { messageId } = await deps.mailer.send({ ...composed.message, id });
    await composed.mark(trx);
    return { sent: true as const, messageId, machines: composed.count };
  };
  if (ctx.outboxId === undefined) return deps.db.transaction().execute(run);
  const result = await oncePerOutboxRow(deps.db, ctx.outboxId, run);
  return result.ran ? result.value : { sent: false, reason: result.reason };
}

/** The inspector's one message of the day (plans.dueNotice): every notice of their plans not mailed yet. */
export function planDueNotice(deps: JobDeps, job: TPlanDueNoticeJob, ctx: JobContext) {
  return sendOnce(deps, ctx, async (trx) => {
    const user = await trx.selectFrom('users').select(['email', 'name']).where('id', '=', job.userId).where('deleted_at', 'is', null).executeTakeFirst();
    const rows = await pendingLines(trx, 'mailed_at').where('n.inspector_user_id', '=', job.userId).execute();
    const mark = (t: Db) =>
      t.updateTable('inspection_plan_notices').set({ mailed_at: sql`now()` }).where('inspector_user_id', '=', job.userId).where('mailed_at', 'is', null).execute();
    if (!rows.length) return { skip: 'nothing-new' };
    if (!user) return { skip: 'no-user', mark };
    return { message: { to: user.email, ...renderDueNoticeEmail({ name: user.name, lines: rows.map(toLine) }) }, mark, count: rows.length };
  });
}

/**
 * The reminder of a customer site (plans.customerReminder): to the live contacts of the site with an e-mail address,
 * else to those of the customer without a site, in the customer's language. No address: nothing is sent, the notices
 * are marked so they are not tried every day, and the answer says so (the background service's result and the log).
 */
export function planCustomerReminder(deps: JobDeps, job: TPlanCustomerReminderJob, ctx: JobContext) {
  return sendOnce(deps, ctx, async (trx) => {
    let rows = pendingLines(trx, 'reminded_at').where('n.remind_customer', '=', true).where('n.customer_id', '=', job.customerId);
    rows = job.customerSiteId ? rows.where('n.customer_site_id', '=', job.customerSiteId) : rows.where('n.customer_site_id', 'is', null);
    const lines = await rows.execute();
    const mark = (t: Db) =>
      t
        .updateTable('inspection_plan_notices')
        .set({ reminded_at: sql`now()` })
        .where('plan_id', 'in', lines.map((l) => l.plan_id))
        .where('remind_customer', '=', true)
        .where('reminded_at', 'is', null)
        .execute();
    if (!lines.length) return { skip: 'nothing-new' };
    const contacts = await trx
      .selectFrom('contacts')
      .select(['email', 'customer_site_id'])
      .where('customer_id', '=', job.customerId)
      .where('deleted_at', 'is', null)
      .where('email', 'is not', null)
      .where('email', '<>', '')
      .where((eb) => (job.customerSiteId ? eb.or([eb('customer_site_id', '=', job.customerSiteId), eb('customer_site_id', 'is', null)]) : eb('customer_site_id', 'is', null)))
      .orderBy('name')
      .execute();
    const atSite = contacts.filter((c) => c.customer_site_id !== null);
    const to = [...new Set((atSite.length ? atSite : contacts).map((c) => c.email!))];
    if (!to.length) {
      deps.log.warn({ customerId: job.customerId, customerSiteId: job.customerSiteId, machines: lines.length }, 'due reminder not sent: the customer has no contact with an e-mail address');
      return { skip: 'no-contact-email', mark };
    }
    // Contacts reference the customer, so it is there; its language picks the text (English when none or not ours).
    const customer = await trx.selectFrom('customers').select(['name', 'language']).where('id', '=', job.customerId).executeTakeFirstOrThrow();
    const message = renderCustomerReminderEmail({ customer: customer.name, language: customer.language, lines: lines.map(toLine) });
    return { message: { to: to.join(', '), ...message }, mark, count: lines.length };
  });
}
