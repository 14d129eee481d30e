import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
let families: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  data = await tempDir();
  deps = { db: database.db, log: memoryLog(), mailer: createMailer({ dataDir: data.dir, from: MAIL_FROM }), config: { dataDir: data.dir, mailFrom: MAIL_FROM } };
  const { id: categoryId } = await database.db.insertInto('product_categories').values({ name: 'Drills' }).returning('id').executeTakeFirstOrThrow();
  const rows = await database.db
    .insertInto('product_families')
    .values(['DI550', 'DR410i', 'Pantera'].map((name) => ({ name, product_category_id: categoryId })))
    .returning(['id', 'name'])
    .execute();
  families = Object.fromEntries(rows.map((r) => [r.name, r.id]));
});
afterAll(async () => {
  await database?.destroy();
  await data?.remove();
});

async function certifiedUser(email: string, name: string | null, certs: [family: string, expiresInDays: number][]) {
  const u = await database.db.insertInto('certified_users').values({ email, employee_id: `E-${email}`, name }).returning('id').executeTakeFirstOrThrow();
  const now = Date.now();
  return database.db
    .insertInto('certifications')
    .values(certs.map(([f, d]) => ({ certified_user_id: u.id, product_family_id: families[f]!, certification_date: new Date(now - 700 * DAY), expiration_date: new Date(now + d * DAY) })))
    .returning('id')
    .execute();
}
const notices = () => database.db.selectFrom('outbox').select(['id', 'payload']).where('name', '=', 'certifications.expiryNotice').orderBy('id').execute();

describe('certification expiry notices (certifications.expiryScan)', () => {
  it('queues one notice per certified user for certifications expiring within 30 days, once per expiration date, and sends each once', async () => {
    const aino = await certifiedUser('aino@company.example', 'Aino Technician', [['DI550', 10], ['DR410i', 20], ['Pantera', 60]]);
    await certifiedUser('bjorn@company.example', null, [['Pantera', 5]]);
    await certifiedUser('emma@company.example', 'Emma Expired', [['DI550', -3]]);

    expect(await runJob(jobRegistry, deps, 'certifications.expiryScan', {}, { attempt: 1 })).toEqual({ notices: 2, certifications: 3 });
    const queued = await notices();
    expect(queued.map((n) => n.payload)).toEqual(
      expect.arrayContaining([
        { to: 'aino@company.example', name: 'Aino Technician', certifications: [expect.objectContaining({ productFamily: 'DI550' }), expect.objectContaining({ productFamily: 'DR410i' })] },
        { to: 'bjorn@company.example', name: 'E-bjorn@company.example', certifications: [expect.objectContaining({ productFamily: 'Pantera' })] },
      ]),
    );
    // Again: nothing new. The run is recorded for /BackgroundServices.
    expect(await runJob(jobRegistry, deps, 'certifications.expiryScan', {}, { attempt: 1 })).toEqual({ notices: 0, certifications: 0 });
    expect(await database.db.selectFrom('background_services').select(['status', 'last_result']).where('id', '=', 'certifications.expiryScan').executeTakeFirst()).toEqual({
      status: 'Succeeded',
      last_result: { notices: 0, certifications: 0 },
    });

    // Renewed, then nearing its new date: noticed again.
    await database.db.updateTable('certifications').set({ expiration_date: new Date(Date.now() + 25 * DAY) }).where('id', '=', aino[0]!.id).execute();
    expect(await runJob(jobRegistry, deps, 'certifications.expiryScan', {}, { attempt: 1 })).toEqual({ notices: 1, certifications: 1 });

    const first = (await notices()).find((n) => (n.payload as { to: string }).to === 'aino@company.example')!;
    await runJob(jobRegistry, deps, 'certifications.expiryNotice', first.payload, { outboxId: first.id, attempt: 1 });
    expect(await runJob(jobRegistry, deps, 'certifications.expiryNotice', first.payload, { outboxId: first.id, attempt: 2 })).toEqual({ sent: false, reason: 'already-done' });
    const mails = await readMails(data.dir);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain('Subject: Your certifications expire soon');
    expect(mails[0]!.decoded).toContain('Hello Aino Technician,');
    expect(mails[0]!.decoded).toMatch(/DI550: expires on \d\d\.\d\d\.\d{4} \(in 10 days\)/);
    expect(mails[0]!.decoded).toMatch(/DR410i: expires on .* \(in 20 days\)/);
  });
});
