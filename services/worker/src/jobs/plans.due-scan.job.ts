import { sql } from 'kysely';
import { planColumn, planRows, syncDefaultTimeZone, type Db } from '@insp/db';
import type { JobDeps } from '../types.js';

/** Plans per transaction; a batch is one statement to find and record them and one to write their events. */
export const DUE_SCAN_BATCH = 5000;

/**
 * Recurring, daily (issue 24; docs/decisions.md "Due reminders, due events and the due list's export"). Set-based:
 * 1. In batches by plan id, one transaction each: the live plans whose state today (in the customer's zone) is due
 *    or overdue and that have no notice for that state and due date get one (`inspection_plan_notices`, the key
 *    makes a rerun or a concurrent run record nothing twice), and an inspection.due / inspection.overdue event for
 *    the webhook endpoints subscribed (event, deliveries and their outbox jobs in the same statement).
 * 2. One transaction: one plans.dueNotice per inspector with notices not yet mailed, and one plans.customerReminder
 *    per customer site with reminders not yet sent, keyed by the UTC day: one message per inspector a day however
 *    often the job runs; what was noticed after that day's message goes in the next day's.
 */
export async function planDueScan(deps: JobDeps) {
  const zone = deps.config.reportTimeZone ?? 'UTC';
  await syncDefaultTimeZone(deps.db, zone);
  let noticed = 0;
  let events = 0;
  let after: string | null = null;
  for (;;) {
    const batch: { noticed: number; events: number; last: string | null } = await deps.db.transaction().execute((trx) => recordBatch(trx, zone, after));
    noticed += batch.noticed;
    events += batch.events;
    if (!batch.last) break;
    after = batch.last;
  }
  const queued = await deps.db.transaction().execute(async (trx) => ({
    inspectorMessages: await queueInspectorMessages(trx),
    customerReminders: await queueCustomerReminders(trx),
  }));
  return { noticed, events, ...queued };
}

async function recordBatch(trx: Db, zone: string, after: string | null) {
  let candidates = planRows(trx, zone)
    .select([sql<string>`x.due_date`.as('dueDate'), sql<string>`x.today`.as('today')])
    .where(planColumn.state, 'in', ['due', 'overdue'])
    .where(
      sql<boolean>`not exists (select 1 from inspection_plan_notices n where n.plan_id = x.id and n.due_on = x.due_date and n.state = ${planColumn.state})`,
    )
    .orderBy('x.id')
    .limit(DUE_SCAN_BATCH);
  if (after) candidates = candidates.where('x.id', '>', after);
  const { rows } = await sql<{ plan_id: string; last: string; state: string }>`
    with c as (${candidates}),
    ins as (
      insert into inspection_plan_notices (plan_id, state, due_on, notified_on, inspector_user_id, customer_id, customer_site_id, remind_customer)
      select c.id, c.state, c."dueDate", c.today, c."inspectorUserId", c."customerId", c."customerSiteId", c."remindCustomer" from c
      on conflict do nothing
      returning plan_id, state, due_on
    )
    select ins.plan_id, ins.state, (select max(id::text) from c) as last,
      c."equipmentId", c."serialNumber", c."inspectionType", c."customerId", c."customerSiteId", c."inspectorUserId",
      to_char(ins.due_on, 'YYYY-MM-DD') as "dueOn"
    from ins join c on c.id = ins.plan_id`.execute(trx);
  // The last id of the batch even when another run recorded all of it.
  const last = rows[0]?.last ?? (await sql<{ last: string | null }>`select max(id::text) as last from (${candidates}) c`.execute(trx)).rows[0]?.last ?? null;
  const events = rows.length ? await writeEvents(trx, rows) : 0;
  return { noticed: rows.length, events, last };
}

/**
 * One webhook event per transition, for the enabled endpoints subscribed to its type (none listening: nothing
 * written, as recordWebhookEvent does), with a delivery per endpoint and its webhooks.deliver outbox job.
 */
async function writeEvents(trx: Db, rows: unknown[]): Promise<number> {
  const { rows: counted } = await sql<{ events: number }>`
    with t as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as t(plan_id uuid, state text, "equipmentId" uuid,
        "serialNumber" text, "inspectionType" text, "customerId" uuid, "customerSiteId" uuid, "inspectorUserId" uuid, "dueOn" text)
    ),
    src as (
      select gen_random_uuid() as id, 'inspection.' || t.state as type, t.* from t
      where exists (select 1 from webhook_endpoints w where w.enabled and w.events @> array['inspection.' || t.state])
    ),
    ev as (
      insert into webhook_events (id, type, body)
      select id, type, json_build_object('id', id, 'type', type,
        'timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'data', json_build_object('planId', plan_id, 'equipmentId', "equipmentId", 'serialNumber', "serialNumber",
          'inspectionType', "inspectionType", 'dueOn', "dueOn", 'customerId', "customerId", 'customerSiteId', "customerSiteId",
          'inspectorUserId', "inspectorUserId"))::text
      from src
      returning id, type
    ),
    dl as (
      insert into webhook_deliveries (event_id, endpoint_id)
      select ev.id, w.id from ev join webhook_endpoints w on w.enabled and w.events @> array[ev.type]
      returning id
    ),
    jobs as (
      insert into outbox (name, payload, idempotency_key)
      select 'webhooks.deliver', jsonb_build_object('deliveryId', dl.id), 'webhooks.deliver:' || dl.id from dl
      on conflict (idempotency_key) do nothing
    )
    select count(*)::int as events from ev`.execute(trx);
  return counted[0]?.events ?? 0;
}

const utcDay = sql`to_char(now() at time zone 'UTC', 'YYYY-MM-DD')`;

async function queueInspectorMessages(trx: Db): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into outbox (name, payload, idempotency_key)
    select 'plans.dueNotice', jsonb_build_object('userId', n.inspector_user_id, 'day', ${utcDay}),
      'plans.dueNotice:' || n.inspector_user_id || ':' || ${utcDay}
    from (select distinct inspector_user_id from inspection_plan_notices where mailed_at is null and inspector_user_id is not null) n
    join users u on u.id = n.inspector_user_id and u.deleted_at is null
    on conflict (idempotency_key) do nothing
    returning id`.execute(trx);
  return rows.length;
}

async function queueCustomerReminders(trx: Db): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into outbox (name, payload, idempotency_key)
    select 'plans.customerReminder',
      jsonb_build_object('customerId', n.customer_id, 'customerSiteId', n.customer_site_id, 'day', ${utcDay}),
      'plans.customerReminder:' || n.customer_id || ':' || coalesce(n.customer_site_id::text, '-') || ':' || ${utcDay}
    from (select distinct customer_id, customer_site_id from inspection_plan_notices
      where remind_customer and reminded_at is null and customer_id is not null) n
    on conflict (idempotency_key) do nothing
    returning id`.execute(trx);
  return rows.length;
}
