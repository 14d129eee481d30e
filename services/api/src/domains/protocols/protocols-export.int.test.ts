import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { startJobRuntime, type JobRuntime } from '@insp/worker';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { storageOf } from '../../lib/storage.js';
import { seedProtocolFixtures, type ProtocolFixtures } from './protocols.fixtures.test-helpers.js';

let t: TestApp;
let f: ProtocolFixtures;
let runtime: JobRuntime;
const log = { debug() {}, info() {}, warn() {}, error() {} };

beforeAll(async () => {
  let kick = () => {};
  t = await createTestApp({ reportPdfWaitMs: 30_000 }, { jobs: { kick: () => kick() } });
  f = await seedProtocolFixtures(t);
  const storage = storageOf(t.config);
  runtime = await startJobRuntime({ db: t.db, dataDir: mkdtempSync(join(tmpdir(), 'insp-xlsx-')), mailFrom: 'x <x@company.example>', log, runProcessors: true, pollMs: 100, storage });
  kick = () => runtime.kick();
  await t.db.insertInto('inspection_point_translations').values({ inspection_point_id: f.points.measure, language_id: 'fi', kind: 'Name', value: 'Murskaimen asetus' }).execute();
  await t.db.insertInto('measurement_limits').values({ inspection_point_id: f.points.measure, product_model_id: f.ref.jaw.models.JC200!, critical_low: null, low: 12, high: 38, critical_high: 45 }).execute();
}, 60_000);
afterAll(async () => {
  await runtime?.close();
  await t?.close();
});

const exportOf = (id: string, lang: string, token = f.tok.admin) => f.call('GET', `/api/v1/InspectionProtocols/${id}/export?lang=${lang}`, token);
async function sheet(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as never);
  expect(wb.worksheets.map((w) => w.name)).toEqual(['Protocol']);
  return wb.worksheets[0]!;
}
async function sheetRows(body: Buffer) {
  const rows: unknown[][] = [];
  (await sheet(body)).eachRow({ includeEmpty: false }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('GET api/v1/InspectionProtocols/{id}/export', () => {
  it('builds the workbook in the worker: category rows, point names in the language, type, phase, unit, limits, show in report', async () => {
    const phases = [{ id: f.phases.before, order: 0 }];
    const p = await f.create({
      name: 'Export: daily/jaws', phasesOn: true, phases,
      categories: [
        { index: 0, title: 'General', inspectionPoints: [{ inspectionPointId: f.points.comment, index: 0, phaseId: f.phases.before, showInReport: false }] },
        { index: 1, title: 'Measurements', inspectionPoints: [{ inspectionPointId: f.points.measure, index: 0, phaseId: f.phases.before }] },
      ],
    });
    const res = await exportOf(p.id, 'fi');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('Export_ daily_jaws_v1_fi.xlsx');
    const rows = await sheetRows(res.rawPayload);
    // The name alone on its row, so a long one runs on into the empty cells beside it.
    expect(rows[0]).toEqual(['Export: daily/jaws']);
    expect(rows[1]).toEqual(['Daily, version 1']);
    expect(rows[2]).toEqual(['Category', 'Point', 'Type', 'Phase', 'Unit', 'Limits (critical low / low / high / critical high)', 'Show in report']);
    expect(rows.slice(3)).toEqual([
      ['General'],
      ['General', 'General remarks', 'Comment', 'Before start', '', '', 'No'],
      ['Measurements'],
      ['Measurements', 'Murskaimen asetus', 'Measurement', 'Before start', 'mm', 'Jaw JC: 5 / 10 / 40 / 50\nJC200: – / 12 / 38 / 45', 'Yes'],
    ]);
    // English: the point's own name. The same protocol again comes from storage, not from a second job.
    const en = await sheetRows((await exportOf(p.id, 'en')).rawPayload);
    expect(en[6]![1]).toBe('Crusher setting');
    // As LibreOffice shows it: the two-line limits cell wraps on a row two lines high (no height: the lines overlap
    // the next row), printed landscape one page wide.
    const ws = await sheet(res.rawPayload);
    expect(ws.getRow(7).getCell(6).alignment).toMatchObject({ wrapText: true });
    expect(ws.getRow(7).height).toBeGreaterThanOrEqual(30);
    expect(ws.getRow(7).getCell(2).alignment).toMatchObject({ vertical: 'top' });
    expect(ws.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
    await exportOf(p.id, 'fi');
    const jobs = await t.db.selectFrom('outbox').select('idempotency_key').where('name', '=', 'protocols.export').execute();
    expect(jobs).toHaveLength(2);
  });

  it("names a missing point 'Point not found!' and answers 400 for an unknown language, 404 for a deleted protocol, 403 for a Manager", async () => {
    const gone = (await t.db.insertInto('inspection_points').values({ type: 'Comment', name: 'Gone', product_category_id: f.ref.categories.crushers.id }).returning('id').executeTakeFirstOrThrow()).id;
    const p = await f.create({ name: 'With a gone point', categories: [{ index: 0, title: 'A', inspectionPoints: [{ inspectionPointId: gone, index: 0 }] }] });
    await t.db.updateTable('inspection_points').set({ deleted_at: new Date() }).where('id', '=', gone).execute();
    const rows = await sheetRows((await exportOf(p.id, 'en')).rawPayload);
    expect(rows[4]).toEqual(['A', 'Point not found!', '', '', '', '', 'Yes']);
    expect((await exportOf(p.id, 'xx')).json()).toMatchObject({ statusCode: 400, field: 'lang' });
    expect((await exportOf(p.id, 'en', f.tok.manager)).statusCode).toBe(403);
    await f.call('DELETE', `/api/v1/InspectionProtocols/${p.id}/soft`, f.tok.admin);
    expect((await exportOf(p.id, 'en')).statusCode).toBe(404);
  });

  it('gives the web a status to poll (tRPC protocols.exportStatus): pending at once, then ready', async () => {
    const p = await f.create({ name: 'Polled export' });
    const status = async () => {
      const res = await t.app.inject({ method: 'POST', url: '/trpc/protocols.exportStatus', headers: { authorization: `Bearer ${f.tok.admin}`, 'content-type': 'application/json' }, payload: { id: p.id, lang: 'en' } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.data.status as string;
    };
    expect(await status()).toBe('pending');
    let now = 'pending';
    for (let i = 0; i < 100 && now !== 'ready'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      now = await status();
    }
    expect(now).toBe('ready');
  });
});
