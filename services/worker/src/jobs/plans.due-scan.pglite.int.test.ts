import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase, type DbHandle } from '@insp/db';
import { migratedPgliteDir } from '@insp/db/testing';
import { createMailer } from '../mail/mailer.js';
import type { JobDeps } from '../types.js';
import { readMails } from '../testing/eml.js';
import { MAIL_FROM, memoryLog, tempDir } from '../testing/helpers.js';
import { jobRegistry, runJob } from './registry.js';

// The embedded default runs the daily job on PGlite: its set-based statements (data-modifying CTEs, on conflict,
// jsonb_to_recordset) must work there too.
let database: DbHandle;
let data: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  data = await tempDir();
  await migratedPgliteDir(join(data.dir, 'db'));
  database = await openDatabase({ dataDir: join(data.dir, 'db') });
  await migrateToLatest(database.db);
});
afterAll(async () => {
  await database?.close();
  await data?.remove();
});

describe('plans.dueScan on the embedded PGlite database', () => {
  it('notices a due plan once, writes its event and mails the inspector', async () => {
    const db = database.db;
    const user = await db.insertInto('users').values({ email: 'ida@company.example', kind: 'staff', name: 'Ida' }).returning('id').executeTakeFirstOrThrow();
    const customer = await db.insertInto('customers').values({ name: 'Acme Quarry' }).returning('id').executeTakeFirstOrThrow();
    const machine = await db.insertInto('equipment').values({ serial_number: 'EMB-1', customer_id: customer.id }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('inspection_plans')
      .values({ equipment_id: machine.id, inspection_type: 'Weekly', inspector_user_id: user.id, starts_on: sql<string>`(now() at time zone 'UTC')::date` })
      .execute();
    await db.insertInto('webhook_endpoints').values({ url: 'https://hooks.example/due', secret: 'whsec_test', events: ['inspection.due'] }).execute();
    const deps = { db, log: memoryLog(), mailer: createMailer({ dataDir: data.dir, from: MAIL_FROM }), config: { dataDir: data.dir, mailFrom: MAIL_FROM } } as JobDeps;

    expect(await runJob(jobRegistry, deps, 'plans.dueScan', {}, { attempt: 1 })).toEqual({ noticed: 1, events: 1, inspectorMessages: 1, customerReminders: 0 });
    expect(await runJob(jobRegistry, deps, 'plans.dueScan', {}, { attempt: 1 })).toEqual({ noticed: 0, events: 0, inspectorMessages: 0, customerReminders: 0 });
    const row = await db.selectFrom('outbox').select(['id', 'payload']).where('name', '=', 'plans.dueNotice').executeTakeFirstOrThrow();
    expect(await runJob(jobRegistry, deps, 'plans.dueNotice', row.payload, { outboxId: row.id, attempt: 1 })).toMatchObject({ sent: true, machines: 1 });
    const mails = await readMails(data.dir);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.decoded).toMatch(/EMB-1 \(Acme Quarry\): Weekly inspection due on \d{4}-\d\d-\d\d/);
    expect(await db.selectFrom('webhook_deliveries').select('id').execute()).toHaveLength(1);
  });
});
