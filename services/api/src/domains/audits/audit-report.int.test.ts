import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yyyymmddIn } from '@insp/contracts';
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
    const audit = await t.db
      .selectFrom('audits as a')
      .leftJoin('customers as c', 'c.id', 'a.customer_id')
      .select(['a.name', 'a.inspection_date', 'c.time_zone'])
      .where('a.id', '=', auditId)
      .executeTakeFirstOrThrow();
    // the day in the report's zone: the customer's (some demo customers have one), else REPORT_TIME_ZONE (UTC here)
    const ymd = yyyymmddIn(new Date(audit.inspection_date).getTime(), audit.time_zone ?? 'UTC');
    expect(res.headers['content-disposition']).toContain(`filename="${ymd}_audit_en.pdf"`);
    const dir = mkdtempSync(join(tmpdir(), 'insp-audit-pdf-text-'));
    writeFileSync(join(dir, 'a.pdf'), res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toMatch(/audit report/i);
    expect(text).not.toContain(excludedRun.name);
    const jobs = await t.db.selectFrom('outbox').select('status').where('name', '=', 'report.auditPdf').execute();
    expect(jobs).toHaveLength(1);
  }, 60_000);

  it('answers a shared link (issue 20) that downloads the PDF for a week; a made-up token is 403, none 401', async () => {
    const res = await get(`/api/v1/audits/${auditId}/reportpdf/storageurl?lang=en`, tokens.inspector);
    expect(res.statusCode).toBe(200);
    const { url, expiresAt, fileName, id } = res.json();
    expect(fileName).toMatch(/^\d{8}_audit_en\.pdf$/);
    expect(expiresAt).toBeGreaterThan(Date.now() + 7 * 86_400_000 - 60_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);
    expect(url).toMatch(/\/api\/v1\/shared\/[A-Za-z0-9_-]{43}$/);
    const file = await get(new URL(url).pathname);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.headers['content-disposition']).toContain(fileName);
    expect(file.headers['cache-control']).toBe('private, no-store');
    const stored = await t.db.selectFrom('shared_links').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(url).not.toContain(stored.token_hash); // only the hash is kept
    expect((await get(`/api/v1/shared/${'A'.repeat(43)}`)).statusCode).toBe(403);
    expect((await get('/api/v1/shared/short')).statusCode).toBe(401);
    expect((await get(`/api/v1/audits/${auditId}/reportpdf/storageurl`, tokens.distAdmin)).statusCode).toBe(403);
  }, 60_000);
});

describe('shared report links (issue 20)', () => {
  const share = async (query = '', token = tokens.inspector) => get(`/api/v1/audits/${auditId}/reportpdf/storageurl?lang=en${query}`, token);
  const list = (token: string) => get(`/api/v1/sharedlinks?kind=audit_report&targetId=${auditId}`, token);
  const revoke = (id: string, token: string) => t.app.inject({ method: 'DELETE', url: `/api/v1/sharedlinks/${id}`, headers: { authorization: `Bearer ${token}` } });

  it('takes a lifetime per link within the maximum (400 naming days past it)', async () => {
    const two = (await share('&days=2')).json();
    expect(Math.round((two.expiresAt - Date.now()) / 86_400_000)).toBe(2);
    const long = await share('&days=31');
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field: 'days', message: 'days: must be at most 30' });
    expect((await share('&days=0')).json()).toMatchObject({ statusCode: 400, field: 'days' });
  }, 60_000);

  it('serves the file until the link is revoked, then 410; the list shows live links only', async () => {
    const { id, url } = (await share()).json();
    const path = new URL(url).pathname;
    expect((await get(path)).statusCode).toBe(200);
    const before = (await list(tokens.inspector)).json();
    expect(before).toMatchObject({ defaultDays: 7, maxDays: 30 });
    expect(before.result.find((l: { id: string }) => l.id === id)).toMatchObject({ lang: 'en', createdBy: STAFF.inspector.name });
    const res = await revoke(id, tokens.inspector);
    expect(res.statusCode, res.body).toBe(200);
    const gone = await get(path);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe('This link has been revoked.');
    expect(gone.headers['content-type']).not.toContain('pdf');
    expect((await list(tokens.inspector)).json().result.some((l: { id: string }) => l.id === id)).toBe(false);
    expect((await revoke(id, tokens.inspector)).statusCode).toBe(200); // again: nothing changes
    const trail = await t.db.selectFrom('audit_trail').select('action').where('entity_id', '=', id).orderBy('created_at').execute();
    expect(trail.map((r) => r.action)).toEqual(['create', 'revoke']);
  }, 60_000);

  it('refuses the file once the link has expired (410) and leaves it out of the list', async () => {
    const { id, url } = (await share('&days=1')).json();
    await t.db.updateTable('shared_links').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
    const res = await get(new URL(url).pathname);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('This link has expired.');
    expect((await list(tokens.inspector)).json().result.some((l: { id: string }) => l.id === id)).toBe(false);
  }, 60_000);

  it('lets only those who may download the report list and revoke its links: a distributor and level None are refused (403)', async () => {
    const { id, url } = (await share()).json();
    const none = (await t.db.insertInto('users').values({ kind: 'staff', email: 'none@company.example', name: 'No Level', idp_groups: [] }).returning('id').executeTakeFirstOrThrow()).id;
    const noneToken = (await startSession(anonymousContext(t), none)).accessToken;
    for (const token of [tokens.distAdmin!, noneToken]) {
      expect((await list(token)).statusCode).toBe(403);
      expect((await revoke(id, token)).statusCode).toBe(403);
    }
    expect((await revoke(id, '')).statusCode).toBe(401);
    expect((await get(new URL(url).pathname)).statusCode).toBe(200); // still live: the refused revokes changed nothing
    expect((await revoke(crypto.randomUUID(), tokens.inspector)).statusCode).toBe(404);
    expect((await get(`/trpc/sharedLinks.list?input=${encodeURIComponent(JSON.stringify({ kind: 'audit_report', targetId: auditId }))}`, tokens.distAdmin)).statusCode).toBe(403);
  }, 60_000);

  it("shares an inspection report's PDF too: a distributor its company's reports only (another company's is 404)", async () => {
    const own = await t.db.selectFrom('inspections').select('id').where('company_id', 'is not', null).where('audit_id', 'is', null).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
    const staffOnly = await t.db.selectFrom('inspections').select('id').where('company_id', 'is', null).where('audit_id', 'is', null).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
    const res = await get(`/api/v1/inspections/${own.id}/reportpdf/storageurl?lang=en`, tokens.distAdmin);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const { id, url } = res.json();
    expect((await get(new URL(url).pathname)).rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(`/api/v1/sharedlinks?kind=inspection_report&targetId=${own.id}`, tokens.distAdmin)).json().result.map((l: { id: string }) => l.id)).toContain(id);
    expect((await get(`/api/v1/inspections/${staffOnly.id}/reportpdf/storageurl?lang=en`, tokens.distAdmin)).statusCode).toBe(404);
    expect((await get(`/api/v1/sharedlinks?kind=inspection_report&targetId=${staffOnly.id}`, tokens.distAdmin)).statusCode).toBe(404);
    expect((await revoke(id, tokens.distAdmin)).statusCode).toBe(200);
    expect((await get(new URL(url).pathname)).statusCode).toBe(410);
  }, 90_000);
});
