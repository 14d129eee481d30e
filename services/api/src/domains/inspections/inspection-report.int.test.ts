import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@insp/db/seed';
import { anonymousContext, createTestApp, type TestApp } from '../../testing/test-app.js';
import { storageOf } from '../../lib/storage.js';
import { startSession } from '../auth/session.service.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let staffReport: { id: string; name: string };
let nordicReport: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  const storage = storageOf(t.config);
  await seedDemo(t.db, { putFile: async (key, bytes, contentType) => void (await storage.put(key, bytes, { contentType })) });
  const users = await t.db.selectFrom('users').select(['id', 'email'])
    .where('email', 'in', ['admin@company.example', 'inspector@company.example', 'dist.admin@distributor.example', 'baltic.user@baltic.example']).execute();
  for (const u of users) tokens[u.email.split('@')[0]] = (await startSession(anonymousContext(t), u.id)).accessToken;
  const nordic = await t.db.selectFrom('companies').select('id').where('name', '=', 'Nordic Distribution Oy').executeTakeFirstOrThrow();
  const live = t.db.selectFrom('inspections').select(['id', 'name']).where('audit_id', 'is', null).where('deleted_at', 'is', null).where('status', '=', 'Finished');
  staffReport = await live.where('company_id', 'is', null).orderBy('inspection_date', 'desc').executeTakeFirstOrThrow();
  nordicReport = await live.where('company_id', '=', nordic.id).orderBy('inspection_date', 'desc').executeTakeFirstOrThrow();
  await t.db.updateTable('inspections').set({ internal_comment: 'INTERNAL: do not send' }).execute();
}, 120_000);
afterAll(() => t?.close());

type Who = 'admin' | 'inspector' | 'dist.admin' | 'baltic.user' | undefined;
const get = (url: string, who: Who) => t.app.inject({ method: 'GET', url, headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });
const html = (id: string, query = '') => `/api/v1/inspections/${id}/reporthtml${query}`;
const trpc = (input: unknown) => `/trpc/inspectionReports.html?input=${encodeURIComponent(JSON.stringify(input))}`;

describe('GET api/v1/inspections/{id}/reporthtml', () => {
  it('answers staff the report as one HTML document, in English by default, without internal comments', async () => {
    const res = await get(html(staffReport.id), 'inspector');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    expect(res.body).toContain('Inspection report');
    expect(res.body).toContain(staffReport.name);
    expect(res.body).not.toContain('INTERNAL');
    expect(res.body).not.toContain('<script');
  });

  it('writes the report in the language asked for, linking images to the image file call with signed links', async () => {
    const res = await get(html(staffReport.id, '?lang=FI'), 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="fi">');
    expect(res.body).toContain('Tarkastusraportti');
    const withPhoto = await t.db.selectFrom('inspection_result_photos as p').innerJoin('inspection_point_results as r', 'r.id', 'p.result_id')
      .select(['r.inspection_id', 'p.image_id']).where('r.inspection_id', '=', staffReport.id).executeTakeFirst();
    expect(withPhoto).toBeDefined();
    // Each image links the file call signed for a while, so the browser loads it without a bearer token.
    const src = new RegExp(`src="(/api/v1/images/${withPhoto!.image_id}/file\\?expires=\\d+&amp;sig=[^"]+)"`).exec(res.body);
    expect(src).not.toBeNull();
    const image = await t.app.inject({ method: 'GET', url: src![1]!.replace(/&amp;/g, '&') });
    expect(image.statusCode).toBe(200);
  });

  it("lets a distributor read its company's reports only: another company's or a staff report is 404", async () => {
    expect((await get(html(nordicReport.id), 'dist.admin')).statusCode).toBe(200);
    expect((await get(html(staffReport.id), 'dist.admin')).statusCode).toBe(404);
    const other = await get(html(nordicReport.id), 'baltic.user');
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(nordicReport.name);
  });

  it('answers 404 for a missing or deleted inspection and 401 without a token', async () => {
    expect((await get(html(crypto.randomUUID()), 'admin')).statusCode).toBe(404);
    const deleted = await t.db.selectFrom('inspections').select('id').where('deleted_at', 'is not', null).executeTakeFirstOrThrow();
    expect((await get(html(deleted.id), 'admin')).statusCode).toBe(404);
    expect((await get(html(staffReport.id), undefined)).statusCode).toBe(401);
    expect((await get(html(staffReport.id, '?lang=xx'), undefined)).statusCode).toBe(401);
  });

  it('answers 400 naming lang for a language the product does not have', async () => {
    for (const lang of ['xx', 'english-language', 'e%00n']) {
      const res = await get(html(staffReport.id, `?lang=${lang}`), 'admin');
      expect(res.statusCode, lang).toBe(400);
      expect(res.json().field, lang).toBe('lang');
      expect(res.json().message, lang).toMatch(/^lang: /);
    }
    expect((await get(html('not-a-uuid'), 'admin')).statusCode).toBe(400);
  });
});

describe('tRPC inspectionReports.html', () => {
  it('answers the same document to staff and refuses what REST refuses', async () => {
    const ok = await get(trpc({ id: staffReport.id, lang: 'de' }), 'admin');
    expect(ok.statusCode).toBe(200);
    const doc = ok.json().result.data as string;
    expect(doc.startsWith('<!DOCTYPE html><html lang="de">')).toBe(true);
    expect(doc).toContain('Inspektionsbericht');
    expect((await get(trpc({ id: nordicReport.id }), 'baltic.user')).statusCode).toBe(404);
    expect((await get(trpc({ id: staffReport.id }), undefined)).statusCode).toBe(401);
    const bad = await get(trpc({ id: staffReport.id, lang: 'xx' }), 'admin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.data.field).toBe('lang');
  });
});
