import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellKey, computeTable, limitState, parseNumeric, PointRatingLabels, PointTypes, type TReportData, type TReportPoint } from '@insp/contracts';
import { loadReportData } from '@insp/db';
import { createTestDatabase, type TestDatabase } from '@insp/db/testing';
import { seedDemo } from '@insp/db/seed';
import { renderReportHtml } from './render.js';
import { fi } from './locales/fi.js';

/** The renderer over every seeded report, loaded from a real database, in English and Finnish. */
let t: TestDatabase;
let ids: string[];
const EVIL = '<script>alert("x")</script>';
const INTERNAL = 'INTERNAL-ONLY: margin is 40 %';
const rendered = new Map<string, { data: TReportData; html: string }>();
const imageUrl = (id: string) => `/api/v1/images/${id}/file`;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemo(t.db, { putFile: async () => {} });
  ids = (await t.db.selectFrom('inspections').select('id').where('audit_id', 'is', null).where('deleted_at', 'is', null).orderBy('inspection_date').execute()).map((r) => r.id);
  // User text that must come out as text, and internal comments that must not come out at all.
  await t.db.updateTable('inspections').set({ summary: `Summary ${EVIL}`, internal_comment: INTERNAL }).where('id', 'in', ids).execute();
  await t.db.updateTable('inspection_point_results').set({ comment: `Seen ${EVIL}`, internal_comment: INTERNAL }).where('inspection_id', 'in', ids).where('rating', '=', 2).execute();
  await t.db.updateTable('inspection_findings').set({ title: `Leak ${EVIL}` }).execute();
  for (const lang of ['en', 'fi']) {
    for (const id of ids) {
      const data = (await loadReportData(t.db, id, lang))!;
      rendered.set(`${lang}/${id}`, { data, html: renderReportHtml(data, { lang, imageUrl }) });
    }
  }
}, 120_000);
afterAll(() => t?.destroy());

const all = (lang: string) => ids.map((id) => rendered.get(`${lang}/${id}`)!);
const points = (d: TReportData): TReportPoint[] => [...d.categories.flatMap((c) => c.points), ...d.extraPoints];
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const badges = (html: string) => [...html.matchAll(/<span class="badge"[^>]*>([^<]+)<\/span>/g)].map((m) => m[1]);

describe.each(['en', 'fi'])('seeded reports in %s', (lang) => {
  it('render every point type, each point under its name in that language', () => {
    const types = new Set<string>();
    for (const { data, html } of all(lang)) {
      for (const m of html.matchAll(/data-type="(\w+)"/g)) types.add(m[1]);
      for (const p of points(data)) expect(html).toContain(`<div class="point-name">${esc(p.name)}</div>`);
    }
    expect([...types].sort()).toEqual([...PointTypes].sort());
  });

  it('write every rating in words', () => {
    const words = lang === 'en' ? PointRatingLabels : fi.rating;
    let checked = 0;
    for (const { data, html } of all(lang)) {
      const expected = points(data).filter((p) => p.rating in words && p.rating !== 'Obsolete' && p.rating !== 'NotSet').map((p) => words[p.rating as keyof typeof words]);
      expect(badges(html)).toEqual(expected);
      checked += expected.length;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('never show an internal comment, and show user text as text', () => {
    for (const { html } of all(lang)) {
      expect(html).not.toContain('INTERNAL-ONLY');
      expect(html).not.toContain('<script');
      expect(html).toContain(`Summary ${esc(EVIL)}`);
    }
    expect(all(lang).some(({ html }) => html.includes(`Seen ${esc(EVIL)}`))).toBe(true);
    expect(all(lang).some(({ html }) => html.includes(`Leak ${esc(EVIL)}`))).toBe(true);
  });

  it('mark every measured value past a limit, naming the limit', () => {
    let marked = 0;
    for (const { data, html } of all(lang)) {
      for (const p of points(data).filter((x) => x.type === 'Measurement')) {
        const state = limitState(parseNumeric(p.value), p.limits);
        if (!state || state === 'ok') continue;
        const text = lang === 'en' ? { criticalLow: 'Below the critical low limit', low: 'Below the low limit', high: 'Above the high limit', criticalHigh: 'Above the critical high limit' }[state] : fi.marks[state];
        expect(html).toContain(`data-limit="${state}">`);
        expect(html).toContain(text);
        marked++;
      }
    }
    expect(marked).toBeGreaterThan(5);
  });

  it('show table aggregates computed to 2 decimals in the language format', () => {
    let seen = 0;
    for (const { data, html } of all(lang)) {
      for (const p of points(data).filter((x) => x.table?.fields.some((f) => f.aggregation !== 'No'))) {
        const cells = computeTable(p.table!);
        const agg = p.table!.fields.find((f) => f.aggregation !== 'No')!;
        for (const r of p.table!.rows) {
          const n = cells.get(cellKey(r.id, agg.id));
          if (n == null) continue;
          const shown = n.toFixed(2).replace('.', lang === 'fi' ? ',' : '.');
          expect(html).toMatch(new RegExp(`<td class="num agg[^"]*"[^>]*>${shown.replace('.', '\\.')}<`));
          seen++;
        }
      }
    }
    expect(seen).toBeGreaterThan(10);
  });

  it('translate the labels', () => {
    const html = all(lang)[0].html;
    if (lang === 'en') expect(html).toContain('Inspection report');
    else {
      for (const label of [fi.title, fi.header.serialNumber, fi.header.inspectionDate, fi.sections.signatures]) expect(html).toContain(label);
      expect(html).not.toContain('Inspection report');
    }
  });
});

it('names translated points in Finnish and keeps English where a point has no Finnish name', () => {
  const fiHtml = all('fi').map((r) => r.html).join('');
  const enHtml = all('en').map((r) => r.html).join('');
  expect(fiHtml).toContain('Syöttimen välpän kunto');
  expect(enHtml).not.toContain('Syöttimen välpän kunto');
  expect(enHtml).toContain('Feeder grizzly bars condition');
  expect(fiHtml).toContain('Crusher setting (CSS)');
});
