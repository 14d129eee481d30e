import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startJobRuntime, type JobRuntime } from '@insp/worker';
import type { TV1InspectionReport as TInspectionEdit } from '@insp/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { storageOf } from '../../lib/storage.js';
import { seedEditFixtures, type EditFixtures } from './inspection-edit.fixtures.test-helpers.js';

let t: TestApp;
let f: EditFixtures;
let runtime: JobRuntime;
const dataDir = mkdtempSync(join(tmpdir(), 'insp-report-email-'));
const log = { debug() {}, info() {}, warn() {}, error() {} };

beforeAll(async () => {
  let kick = () => {};
  t = await createTestApp({}, { jobs: { kick: () => kick() } });
  f = await seedEditFixtures(t);
  runtime = await startJobRuntime({ db: t.db, dataDir, mailFrom: 'Inspections <no-reply@company.example>', log, runProcessors: true, pollMs: 100, storage: storageOf(t.config) });
  kick = () => runtime.kick();
}, 120_000);
afterAll(async () => {
  await runtime?.close();
  await t?.close();
});

const mails = () => {
  try {
    return readdirSync(join(dataDir, 'mail')).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
};

describe('a save with sendEmail', () => {
  it('mails the report PDF to the customer contact once, through the outbox and the worker', async () => {
    const { id } = await f.inspection({ inspector_user_id: f.users.inspector, contact_email: 'buyer@quarry.example', contact_name: 'Bo Buyer' });
    const headers = { authorization: `Bearer ${f.tok.inspector}` };
    const read = (await t.app.inject({ method: 'GET', url: `/api/v1/inspections/${id}/editDetails`, headers })).json() as TInspectionEdit;
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/inspections/update?lang=en&id=${id}`, headers, payload: { ...read, content: { ...read.content, summary: 'Ready for the customer' }, sendEmail: true } });
    expect(res.statusCode, res.body).toBe(200);
    const deadline = Date.now() + 60_000;
    while (!mails().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(mails()).toHaveLength(1);
    const eml = readFileSync(join(dataDir, 'mail', mails()[0]!), 'utf8');
    expect(eml).toMatch(/^To: buyer@quarry\.example/m);
    expect(eml).toContain('Subject: Inspection report: Daily check for Jaw JC');
    expect(eml).toMatch(/Content-Type: application\/pdf; name=20260105_SN-1_Daily\.pdf/);
    const row = await t.db.selectFrom('outbox').select(['status', 'attempts']).where('name', '=', 'report.email').executeTakeFirstOrThrow();
    expect(row.status).toBe('done');
  }, 90_000);

  it("sends a German customer's report and its e-mail in German (issue 20); the language chosen in the save wins", async () => {
    await t.db.insertInto('languages').values([{ id: 'de', name: 'German' }]).onConflict((oc) => oc.doNothing()).execute();
    const customer = (await t.db.insertInto('customers').values({ name: 'Steinbruch GmbH', language: 'de' }).returning('id').executeTakeFirstOrThrow()).id;
    const headers = { authorization: `Bearer ${f.tok.inspector}` };
    const send = async (contact: string, extra: Record<string, unknown>) => {
      const { id } = await f.inspection({ inspector_user_id: f.users.inspector, customer_id: customer, contact_email: contact, contact_name: 'Greta Kunde' });
      const read = (await t.app.inject({ method: 'GET', url: `/api/v1/inspections/${id}/editDetails`, headers })).json() as TInspectionEdit;
      const res = await t.app.inject({ method: 'PUT', url: `/api/v1/inspections/update?lang=en&id=${id}`, headers, payload: { ...read, sendEmail: true, ...extra } });
      expect(res.statusCode, res.body).toBe(200);
      const job = await t.db.selectFrom('outbox').select('payload').where('name', '=', 'report.email').where(({ ref, eb }) => eb(eb.fn('jsonb_extract_path_text', [ref('payload'), eb.val('inspectionId')]), '=', id)).executeTakeFirstOrThrow();
      const deadline = Date.now() + 60_000;
      const mine = () => mails().map((n) => readFileSync(join(dataDir, 'mail', n), 'utf8')).find((eml) => eml.includes(`To: ${contact}`));
      while (!mine() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      return { payload: job.payload, eml: mine() ?? '' };
    };

    const german = await send('greta@steinbruch.example', {});
    expect(german.payload).toMatchObject({ lang: 'de', to: 'greta@steinbruch.example' });
    expect(german.eml).toContain('Subject: Inspektionsbericht: Daily check for Jaw JC');
    expect(decodeMail(german.eml)).toContain('Guten Tag Greta Kunde,');
    expect(decodeMail(german.eml)).toContain('Im Anhang finden Sie den Bericht der Inspektion');

    const finnish = await send('kalle@steinbruch.example', { emailLanguage: 'fi' });
    expect(finnish.payload).toMatchObject({ lang: 'fi' });
    expect(finnish.eml).toContain('Subject: Tarkastusraportti: Daily check for Jaw JC');
  }, 120_000);
});

/** The mail's text part, quoted-printable decoded (German umlauts and long lines arrive encoded). */
function decodeMail(eml: string): string {
  return eml.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
}
