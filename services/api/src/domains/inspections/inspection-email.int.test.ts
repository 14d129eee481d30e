import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startJobRuntime, type JobRuntime } from '@insp/worker';
import type { TInspectionEdit } from '@insp/contracts';
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
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/inspections/update?lang=en&id=${id}`, headers, payload: { ...read, summary: 'Ready for the customer', sendEmail: true } });
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
});
