import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemo, STAFF } from '@insp/db/seed';
import { startJobRuntime, type JobRuntime } from '@insp/worker';
import { anonymousContext, createTestApp, type TestApp } from '../../testing/test-app.js';
import { storageOf } from '../../lib/storage.js';
import { startSession } from '../auth/session.service.js';

let t: TestApp;
let runtime: JobRuntime;
const tokens: Record<string, string> = {};
let auditId: string;
let excludedRun: { id: string; name: string };
const log = { debug() {}, info() {}, warn() {}, error() {} };

beforeAll(async () => {
  let kick = () => {};
  t = await createTestApp({ reportPdfWaitMs: 30_000 }, { jobs: { kick: () => kick() } });
  const storage = storageOf(t.config);
  await seedDemo(t.db, { putFile: async (key, bytes, contentType) => void (await storage.put(key, bytes, { contentType })) });
  runtime = await startJobRuntime({ db: t.db, dataDir: mkdtempSync(join(tmpdir(), 'insp-audit-pdf-')), mailFrom: 'x <x@company.example>', log, runProcessors: true, pollMs: 100, storage });
  kick = () => runtime.kick();
  for (const [name, email] of [['inspector', STAFF.inspector.email], ['distAdmin', 'dist.admin@distributor.example']] as const) {
    const u = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    tokens[name] = (await startSession(anonymousContext(t), u.id)).accessToken;
  }
  // A finished seeded audit with internal comment and summary; one of its machine runs is left out of the report.
  const a = await t.db.selectFrom('audits').select('id').where('finished', '=', true).where('internal_comment', '!=', '').orderBy('inspection_date', 'desc').executeTakeFirstOrThrow();
  auditId = a.id;
  const run = await t.db.selectFrom('inspections').select(['id', 'name']).where('audit_id', '=', auditId).where('type', '=', 'Audit_Screen').executeTakeFirstOrThrow();
  await t.db.updateTable('inspections').set({ included_in_report: false, name: 'Left out screen run' }).where('id', '=', run.id).execute();
  await t.db.updateTable('protocols').set({ name: 'Left out screen run' }).where('id', '=', (await t.db.selectFrom('inspections').select('protocol_id').where('id', '=', run.id).executeTakeFirstOrThrow()).protocol_id!).execute();
  excludedRun = { id: run.id, name: 'Left out screen run' };
}, 120_000);
afterAll(async () => {
  await runtime?.close();
  await t?.close();
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET api/v1/audits/{id}/reporthtml', () => {
  it('renders the audit with its suggestions and only the runs included in the report, never the internal comment', async () => {
    const res = await get(`/api/v1/audits/${auditId}/reporthtml`, tokens.inspector);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const audit = await t.db.selectFrom('audits').selectAll().where('id', '=', auditId).executeTakeFirstOrThrow();
    const suggestions = await t.db.selectFrom('audit_suggestions').select('text').where('audit_id', '=', auditId).execute();
    expect(res.body).toContain(audit.name);
    expect(res.body).toContain('Audit report');
    for (const s of suggestions) expect(res.body).toContain(s.text);
    expect(res.body).toContain('Site audit');
    expect(res.body).not.toContain(excludedRun.name);
    expect(res.body).not.toContain(audit.internal_comment);
    const fi = await get(`/api/v1/audits/${auditId}/reporthtml?lang=fi`, tokens.inspector);
    expect(fi.body).toContain('Auditointiraportti');
    const trpc = await get(`/trpc/audits.reportHtml?input=${encodeURIComponent(JSON.stringify({ id: auditId, lang: 'en' }))}`, tokens.inspector);
    expect(trpc.json().result.data).toContain(audit.name);
  });

  it('refuses a distributor (403), an unknown language (400 naming lang) and a missing audit (404)', async () => {
    expect((await get(`/api/v1/audits/${auditId}/reporthtml`, tokens.distAdmin)).statusCode).toBe(403);
    const bad = await get(`/api/v1/audits/${auditId}/reporthtml?lang=xx`, tokens.inspector);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('lang');
    expect((await get(`/api/v1/audits/${crypto.randomUUID()}/reporthtml`, tokens.inspector)).statusCode).toBe(404);
  });
});

describe('GET api/v1/audits/{id}/reportpdf and reportpdf/storageurl', () => {
  it('prints the audit report in a worker job, named {yyyymmdd}_audit_{lang}.pdf', async () => {
    const res = await get(`/api/v1/audits/${auditId}/reportpdf?lang=en`, tokens.inspector);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const audit = await t.db.selectFrom('audits').select(['name', 'inspection_date']).where('id', '=', auditId).executeTakeFirstOrThrow();
    const d = new Date(audit.inspection_date);
    const ymd = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
    expect(res.headers['content-disposition']).toContain(`filename="${ymd}_audit_en.pdf"`);
    const dir = mkdtempSync(join(tmpdir(), 'insp-audit-pdf-text-'));
    writeFileSync(join(dir, 'a.pdf'), res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toMatch(/audit report/i);
    expect(text).not.toContain(excludedRun.name);
    const jobs = await t.db.selectFrom('outbox').select('status').where('name', '=', 'report.auditPdf').execute();
    expect(jobs).toHaveLength(1);
  }, 60_000);

  it('answers a signed link that downloads the PDF for an hour; without or with a wrong signature it is refused', async () => {
    const res = await get(`/api/v1/audits/${auditId}/reportpdf/storageurl?lang=en`, tokens.inspector);
    expect(res.statusCode).toBe(200);
    const { url, expiresAt, fileName } = res.json();
    expect(fileName).toMatch(/^\d{8}_audit_en\.pdf$/);
    expect(expiresAt).toBeGreaterThan(Date.now() + 3500_000);
    const path = new URL(url, 'http://x').pathname + new URL(url, 'http://x').search;
    const file = await get(path);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.headers['content-disposition']).toContain(fileName);
    expect((await get(path.replace(/sig=[^&]+/, 'sig=AAAA'))).statusCode).toBe(403);
    expect((await get(path.replace(/&sig=[^&]+/, ''))).statusCode).toBe(401);
    expect((await get(`/api/v1/audits/${auditId}/reportpdf/storageurl`, tokens.distAdmin)).statusCode).toBe(403);
  }, 60_000);
});
