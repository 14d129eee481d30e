import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '@insp/db/testing';
import { createMailer } from '../mail/mailer.js';
import type { JobDeps } from '../types.js';
import { readMails } from '../testing/eml.js';
import { MAIL_FROM, memoryLog, tempDir } from '../testing/helpers.js';
import { jobRegistry, runJob } from './registry.js';

const DAY = 86_400_000;
let database: TestDatabase;
let data: Awaited<ReturnType<typeof tempDir>>;
let deps: JobDeps;
let log: ReturnType<typeof memoryLog>;
const ids: Record<string, string> = {};

const scan = () => runJob(jobRegistry, deps, 'plans.dueScan', {}, { attempt: 1 });
const outboxOf = (name: string) =>
  database.db.selectFrom('outbox').select(['id', 'payload', 'idempotency_key', 'status']).where('name', '=', name).orderBy('id').execute();
/** Runs the queued rows of a job as the relay would hand them over (each once per outbox row). */
async function runQueued(name: 'plans.dueNotice' | 'plans.customerReminder') {
  const answers = [];
  for (const row of await outboxOf(name)) {
    if (row.status === 'done') continue;
    answers.push(await runJob(jobRegistry, deps, name, row.payload, { outboxId: row.id, attempt: 1 }));
  }
  return answers;
}
const mailsTo = async (address: string) => (await readMails(data.dir)).filter((m) => new RegExp(`^To: .*${address}`, 'm').test(m.raw));

beforeAll(async () => {
  database = await createTestDatabase();
  data = await tempDir();
  log = memoryLog();
  deps = { db: database.db, log, mailer: createMailer({ dataDir: data.dir, from: MAIL_FROM }), config: { dataDir: data.dir, mailFrom: MAIL_FROM } };
  const db = database.db;
  const { id: categoryId } = await db.insertInto('product_categories').values({ name: 'Drills' }).returning('id').executeTakeFirstOrThrow();
  const { id: familyId } = await db.insertInto('product_families').values({ name: 'DI550', product_category_id: categoryId }).returning('id').executeTakeFirstOrThrow();
  ids.ida = (await db.insertInto('users').values({ email: 'ida@company.example', kind: 'staff', name: 'Ida Inspector' }).returning('id').executeTakeFirstOrThrow()).id;
  ids.acme = (await db.insertInto('customers').values({ name: 'Acme Quarry' }).returning('id').executeTakeFirstOrThrow()).id;
  ids.bare = (await db.insertInto('customers').values({ name: 'Bare Mining' }).returning('id').executeTakeFirstOrThrow()).id;
  ids.north = (await db.insertInto('customer_sites').values({ customer_id: ids.acme, name: 'North pit' }).returning('id').executeTakeFirstOrThrow()).id;
  await db
    .insertInto('contacts')
    .values([
      { customer_id: ids.acme, customer_site_id: ids.north, name: 'Site Manager', email: 'site@acme.example' },
      { customer_id: ids.acme, name: 'Head Office', email: 'office@acme.example' },
      { customer_id: ids.bare, name: 'No Address' },
    ])
    .execute();
  const machines = await db
    .insertInto('equipment')
    .values([
      { serial_number: 'SN-1', product_family_id: familyId, customer_id: ids.acme, customer_site_id: ids.north },
      { serial_number: 'SN-2', product_family_id: familyId, customer_id: ids.acme, customer_site_id: ids.north },
      { serial_number: 'SN-3', product_family_id: familyId, customer_id: ids.bare },
    ])
    .returning(['id', 'serial_number'])
    .execute();
  for (const m of machines) ids[m.serial_number!] = m.id;
  // SN-1 inspected daily, last yesterday: due today. SN-2 weekly, three days ago: not yet due. SN-3 monthly, never
  // inspected, starting today: due today. SN-1 and SN-3 ask for a customer reminder.
  await db
    .insertInto('inspections')
    .values([
      { name: 'Daily check', type: 'Daily', equipment_id: ids['SN-1']!, inspection_date: new Date(Date.now() - DAY), finished: true },
      { name: 'Weekly check', type: 'Weekly', equipment_id: ids['SN-2']!, inspection_date: new Date(Date.now() - 3 * DAY), finished: true },
    ])
    .execute();
  const today = sql<string>`(now() at time zone 'UTC')::date`;
  await db
    .insertInto('inspection_plans')
    .values([
      { equipment_id: ids['SN-1']!, inspection_type: 'Daily', inspector_user_id: ids.ida, remind_customer: true, starts_on: today },
      { equipment_id: ids['SN-2']!, inspection_type: 'Weekly', inspector_user_id: ids.ida, starts_on: today },
      { equipment_id: ids['SN-3']!, inspection_type: 'Monthly', inspector_user_id: ids.ida, remind_customer: true, starts_on: today },
    ])
    .execute();
  // The trigger ran when the inspections were inserted, before the plans existed; plans-write does this on create.
  await sql`select refresh_inspection_plans(equipment_id, inspection_type) from inspection_plans`.execute(db);
  await db.insertInto('webhook_endpoints').values({ url: 'https://hooks.example/due', secret: 'whsec_test', events: ['inspection.due', 'inspection.overdue'] }).execute();
  await db.insertInto('webhook_endpoints').values({ url: 'https://hooks.example/other', secret: 'whsec_test', events: ['inspection.created'] }).execute();
});
afterAll(async () => {
  await database?.destroy();
  await data?.remove();
});

describe('due reminders (plans.dueScan)', () => {
  it('due today: one message to the inspector, a reminder to the site contact, an event per plan; a rerun sends nothing more', async () => {
    expect(await scan()).toEqual({ noticed: 2, events: 2, inspectorMessages: 1, customerReminders: 2 });
    expect(await runQueued('plans.dueNotice')).toEqual([expect.objectContaining({ sent: true, machines: 2 })]);
    const [toIda] = await mailsTo('ida@company.example');
    expect(toIda!.raw).toContain('Subject: 2 inspections are due');
    expect(toIda!.decoded).toContain('Hello Ida Inspector,');
    expect(toIda!.decoded).toMatch(/DI550 SN-1 \(Acme Quarry, North pit\): Daily inspection due on \d{4}-\d\d-\d\d/);
    expect(toIda!.decoded).toMatch(/DI550 SN-3 \(Bare Mining\): Monthly inspection due on/);
    expect(toIda!.decoded).not.toContain('SN-2');

    // Acme's North pit has a contact of its own (not the head office); Bare Mining has no address: said and skipped.
    const reminders = await runQueued('plans.customerReminder');
    expect(reminders).toEqual(expect.arrayContaining([expect.objectContaining({ sent: true, machines: 1 }), { sent: false, reason: 'no-contact-email' }]));
    const [toSite] = await mailsTo('site@acme.example');
    expect(toSite!.raw).toContain('Subject: Inspection reminder: a machine is due');
    expect(toSite!.decoded).toContain('This machine of Acme Quarry is due for inspection:');
    expect(toSite!.decoded).not.toContain('SN-3');
    expect(await mailsTo('office@acme.example')).toHaveLength(0);
    expect(log.lines.some((l) => l.level === 'warn' && /no contact with an e-mail/.test(l.msg ?? ''))).toBe(true);

    // The events, to the endpoint subscribed only, each delivered through the outbox.
    const events = await database.db.selectFrom('webhook_events').select(['id', 'type', 'body']).execute();
    expect(events.map((e) => e.type)).toEqual(['inspection.due', 'inspection.due']);
    const body = JSON.parse(events.find((e) => e.body.includes('SN-1'))!.body);
    expect(body).toMatchObject({ id: body.id, type: 'inspection.due', data: { equipmentId: ids['SN-1'], serialNumber: 'SN-1', inspectionType: 'Daily', customerId: ids.acme, inspectorUserId: ids.ida } });
    expect(Date.parse(body.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    const deliveries = await database.db.selectFrom('webhook_deliveries as d').innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id').select(['d.id', 'w.url']).execute();
    expect(deliveries.map((d) => d.url)).toEqual(['https://hooks.example/due', 'https://hooks.example/due']);
    expect((await outboxOf('webhooks.deliver')).map((r) => r.payload)).toEqual(expect.arrayContaining(deliveries.map((d) => ({ deliveryId: d.id }))));

    // Again the same day: nothing new anywhere.
    expect(await scan()).toEqual({ noticed: 0, events: 0, inspectorMessages: 0, customerReminders: 0 });
    expect(await runQueued('plans.dueNotice')).toEqual([]);
    expect(await mailsTo('ida@company.example')).toHaveLength(1);
    expect(await database.db.selectFrom('webhook_events').select('id').execute()).toHaveLength(2);

    // The run is a background service's, recorded for /BackgroundServices.
    expect(await database.db.selectFrom('background_services').select(['status', 'last_result']).where('id', '=', 'plans.dueScan').executeTakeFirst()).toEqual({
      status: 'Succeeded',
      last_result: { noticed: 0, events: 0, inspectorMessages: 0, customerReminders: 0 },
    });
  });

  it('the next day, overdue: one more message with both machines, overdue events; a plan done meanwhile is left out', async () => {
    // A day later: every date one day back, and yesterday's messages are yesterday's.
    await database.db.updateTable('inspections').set({ inspection_date: sql`inspection_date - interval '1 day'` }).execute();
    await database.db.updateTable('inspection_plans').set({ starts_on: sql`starts_on - 1` }).execute();
    await database.db
      .updateTable('outbox')
      .set({ idempotency_key: sql`regexp_replace(idempotency_key, ':\\d{4}-\\d\\d-\\d\\d$', ':yesterday')` })
      .where('name', 'in', ['plans.dueNotice', 'plans.customerReminder'])
      .execute();
    expect(await scan()).toEqual({ noticed: 2, events: 2, inspectorMessages: 1, customerReminders: 2 });
    await runQueued('plans.dueNotice');
    const mails = await mailsTo('ida@company.example');
    expect(mails).toHaveLength(2);
    const second = mails.find((m) => !m.decoded.includes('due on'))!;
    expect(second.decoded).toMatch(/SN-1 .*: Daily inspection overdue since \d{4}-\d\d-\d\d/);
    expect(second.decoded).toMatch(/SN-3 .*: Monthly inspection overdue since/);
    expect((await database.db.selectFrom('webhook_events').select('type').where('type', '=', 'inspection.overdue').execute())).toHaveLength(2);

    // SN-1 inspected today: its next day is due again tomorrow, nothing is sent for it today.
    await database.db.insertInto('inspections').values({ name: 'Daily check', type: 'Daily', equipment_id: ids['SN-1']!, inspection_date: new Date(), finished: true }).execute();
    expect(await scan()).toEqual({ noticed: 0, events: 0, inspectorMessages: 0, customerReminders: 0 });
  });

  it("reminds a customer in its language: German for 'de', English for a language without texts", async () => {
    const db = database.db;
    const family = await db.selectFrom('product_families').select('id').where('name', '=', 'DI550').executeTakeFirstOrThrow();
    // Languages are a table (the seed's 7); Dutch stands for one added without texts of ours.
    await db.insertInto('languages').values([{ id: 'de', name: 'Deutsch', position: 1 }, { id: 'nl', name: 'Nederlands', position: 2 }]).onConflict((oc) => oc.column('id').doNothing()).execute();
    const berg = (await db.insertInto('customers').values({ name: 'Berg GmbH', language: 'de' }).returning('id').executeTakeFirstOrThrow()).id;
    const polder = (await db.insertInto('customers').values({ name: 'Polder BV', language: 'nl' }).returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('contacts').values([{ customer_id: berg, name: 'Werkleiter', email: 'werk@berg.example' }, { customer_id: polder, name: 'Beheer', email: 'beheer@polder.example' }]).execute();
    const machines = await db
      .insertInto('equipment')
      .values([
        { serial_number: 'SN-4', product_family_id: family.id, customer_id: berg },
        { serial_number: 'SN-5', product_family_id: family.id, customer_id: berg },
        { serial_number: 'SN-6', product_family_id: family.id, customer_id: polder },
      ])
      .returning('id')
      .execute();
    const today = sql<string>`(now() at time zone 'UTC')::date`;
    await db
      .insertInto('inspection_plans')
      .values([
        { equipment_id: machines[0]!.id, inspection_type: 'Monthly', inspector_user_id: ids.ida, remind_customer: true, starts_on: today },
        { equipment_id: machines[1]!.id, inspection_type: 'Mid_Year', inspector_user_id: ids.ida, remind_customer: true, starts_on: sql`${today} - 5` },
        { equipment_id: machines[2]!.id, inspection_type: 'Annual', inspector_user_id: ids.ida, remind_customer: true, starts_on: today },
      ])
      .execute();
    await sql`select refresh_inspection_plans(equipment_id, inspection_type) from inspection_plans`.execute(db);
    expect(await scan()).toMatchObject({ noticed: 3, customerReminders: 2 });
    await runQueued('plans.customerReminder');
    const months = '(Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember)';

    const [toBerg] = await mailsTo('werk@berg.example');
    expect(toBerg!.subject).toBe('Erinnerung: 2 Maschinen sind zur Inspektion fällig');
    expect(toBerg!.decoded).toContain('Guten Tag,');
    expect(toBerg!.decoded).toContain('Diese Maschinen von Berg GmbH sind zur Inspektion fällig:');
    expect(toBerg!.decoded).toMatch(new RegExp(`DI550 SN-4 \\(Berg GmbH\\): Inspektion \\(monatlich\\) fällig am \\d{1,2}\\. ${months} \\d{4}`));
    expect(toBerg!.decoded).toMatch(new RegExp(`DI550 SN-5 \\(Berg GmbH\\): Inspektion \\(halbjährlich\\) überfällig seit dem \\d{1,2}\\. ${months} \\d{4}`));
    expect(toBerg!.decoded).toContain('Bitte kontaktieren Sie uns, um die Inspektion zu planen.');
    expect(toBerg!.decoded).not.toMatch(/inspection|Hello/);
    expect(toBerg!.raw).toMatch(/<html lang=3D"de"|<html lang="de"/);

    // Dutch has no texts of ours: English, with the date in English words.
    const [toPolder] = await mailsTo('beheer@polder.example');
    expect(toPolder!.subject).toBe('Inspection reminder: a machine is due');
    expect(toPolder!.decoded).toContain('This machine of Polder BV is due for inspection:');
    expect(toPolder!.decoded).toMatch(/DI550 SN-6 \(Polder BV\): Annual inspection due on \d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/);
  });
});
