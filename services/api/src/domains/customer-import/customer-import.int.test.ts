import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, signInUsers } from '../../testing/test-app.js';
import { startJobRuntime } from '@insp/worker';
import { storageOf } from '../../lib/storage.js';

let t: TestApp;
let filesDir: string;
const tokens: Record<string, string> = {};
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  filesDir = await mkdtemp(join(tmpdir(), 'insp-import-files-'));
  t = await createTestApp({ storage: { driver: 'local', dir: filesDir } });
  const company = await t.db.insertInto('companies').values({ name: 'Nordic' }).returning('id').executeTakeFirstOrThrow();
  Object.assign(tokens, await signInUsers(t, [
    { kind: 'staff', email: 'admin@company.example', name: 'Admin', idp_groups: ['admin'] },
    { kind: 'staff', email: 'manager@company.example', name: 'Manager', idp_groups: ['manager'] },
    { kind: 'staff', email: 'inspector@company.example', name: 'Inspector', idp_groups: ['inspection'] },
    { kind: 'distributor', email: 'dist@distributor.example', name: 'Dist', company_id: company.id, distributor_admin: true, expires_at: new Date(Date.now() + 86_400_000) },
  ]));
});
afterAll(async () => {
  await t?.close();
  await rm(filesDir, { recursive: true, force: true });
});

type Who = 'admin' | 'manager' | 'inspector' | 'dist' | undefined;
const auth = (who: Who) => (who ? { authorization: `Bearer ${tokens[who]}` } : {});
const upload = (who: Who, fileName: string, body: Buffer | string, contentType = 'text/csv') =>
  t.app.inject({ method: 'POST', url: `/api/v1/customers/import?fileName=${encodeURIComponent(fileName)}`, payload: body, headers: { ...auth(who), 'content-type': contentType } });
const progress = (who: Who, id: string, query = '') => t.app.inject({ method: 'GET', url: `/api/v1/customers/import/${id}${query}`, headers: auth(who) });
const outboxFor = (id: string) => t.db.selectFrom('outbox').selectAll().where('idempotency_key', '=', `customers.import:${id}`).execute();

const csv = 'Customer name;Customer MDM id;Equipment serial number\r\nKallio Oy;C-1;SN-1\r\n';
/** Every file the uploads stored, as paths under the storage directory. */
const storedFiles = async () => (await readdir(filesDir, { recursive: true })).sort();

describe('customer import API', () => {
  it('stores an uploaded CSV, answers 202 with the import id, and queues the job in the same commit', async () => {
    const res = await upload('admin', 'customers.csv', csv, 'application/vnd.ms-excel'); // what Windows browsers send for .csv
    expect(res.statusCode, res.body).toBe(202);
    const { id } = res.json();
    const row = await t.db.selectFrom('customer_imports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ file_name: 'customers.csv', content_type: 'text/csv', status: 'queued' });
    const stored = await storageOf(t.config).get(row.storage_key);
    expect(stored?.size).toBe(Buffer.byteLength(csv));
    expect((await outboxFor(id)).map((o) => [o.name, o.payload])).toEqual([['customers.import', { importId: id }]]);
  });

  it('accepts an Excel workbook, recognised by its bytes', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('A').addRow(['Customer name']);
    const res = await upload('admin', 'customers.xlsx', Buffer.from(await wb.xlsx.writeBuffer()), 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(202);
    const row = await t.db.selectFrom('customer_imports').select('content_type').where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row.content_type).toBe(XLSX);
  });

  it('refuses a file that is not Excel or CSV with a 400 naming the file, and stores nothing', async () => {
    const before = await t.db.selectFrom('customer_imports').select('id').execute();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const res = await upload('admin', 'photo.png', png, XLSX);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'file', message: expect.stringContaining("'photo.png' is not an Excel workbook (.xlsx) or a CSV file") });

    const noColumn = await upload('admin', 'list.csv', 'Name,Serial\nA,1\n');
    expect(noColumn.statusCode).toBe(400);
    expect(noColumn.json().message).toContain("'list.csv' has no 'Customer name' column");

    const empty = await upload('admin', 'empty.csv', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain("'empty.csv' is empty");

    const noName = await t.app.inject({ method: 'POST', url: '/api/v1/customers/import', payload: csv, headers: { ...auth('admin'), 'content-type': 'text/csv' } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ field: 'fileName', message: 'fileName: is required' });
    expect(await t.db.selectFrom('customer_imports').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses a workbook that would unpack to too much (a zip bomb) with a 400 naming the file, and stores and queues nothing', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('A').addRow(['Customer name']);
    const zip = await JSZip.loadAsync(await wb.xlsx.writeBuffer());
    zip.file('xl/worksheets/sheet2.xml', Buffer.alloc(60 * 1024 * 1024)); // 60 MB of zeros
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bomb.length).toBeLessThan(200 * 1024);
    const imports = await t.db.selectFrom('customer_imports').select('id').execute();
    const jobs = await t.db.selectFrom('outbox').select('id').where('name', '=', 'customers.import').execute();
    const files = await storedFiles();

    const res = await upload('admin', 'bomb.xlsx', bomb, XLSX);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'BAD_REQUEST',
      field: 'file',
      message:
        "file: 'bomb.xlsx' has a part (xl/worksheets/sheet2.xml) that unpacks to more than 100 times its packed size. " +
        'A workbook to import may be at most 50 MB unpacked, in at most 1000 parts, none packed more than 100:1; split it into several files',
    });
    expect(await t.db.selectFrom('customer_imports').select('id').execute()).toHaveLength(imports.length);
    expect(await t.db.selectFrom('outbox').select('id').where('name', '=', 'customers.import').execute()).toHaveLength(jobs.length);
    expect(await storedFiles()).toEqual(files);
  });

  it('refuses a file over 10 MB', async () => {
    const res = await upload('admin', 'huge.csv', `Customer name\n${'x'.repeat(10 * 1024 * 1024)}`);
    expect(res.statusCode).toBe(413);
  });

  it('refuses managers, inspectors, distributors and callers without a token', async () => {
    const { id } = (await upload('admin', 'c.csv', csv)).json();
    for (const who of ['manager', 'inspector', 'dist'] as const) {
      expect((await upload(who, 'c.csv', csv)).statusCode, who).toBe(403);
      expect((await progress(who, id)).statusCode, who).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/customers/import', headers: auth(who) })).statusCode, who).toBe(403);
    }
    expect((await upload(undefined, 'c.csv', csv)).statusCode).toBe(401);
    // As the route guard calls it: no file name, a JSON body. Still 401, not a 400 that explains the route.
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/customers/import', payload: {} })).statusCode).toBe(401);
    expect((await progress(undefined, id)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/customers/import' })).statusCode).toBe(401);
  });

  it('refuses a caller without a token (401) or with a lower role (403) before reading the upload', async () => {
    // Over the size limit: a server that read the body first would answer 413, not the refusal.
    const huge = `Customer name\n${'x'.repeat(10 * 1024 * 1024)}`;
    expect((await upload(undefined, 'huge.csv', huge)).statusCode).toBe(401);
    expect((await upload('manager', 'huge.csv', huge)).statusCode).toBe(403);
  });

  it('reports status, progress, counts and a page of the row errors in row order', async () => {
    const { id } = (await upload('admin', 'progress.csv', csv)).json();
    const queued = await progress('admin', id);
    expect(queued.json()).toMatchObject({ id, fileName: 'progress.csv', status: 'queued', totalRows: null, processedRows: 0, errors: { result: [], count: 0 } });

    // As the job leaves it part-way: 3 of 5 rows, two rows with errors.
    await t.db.updateTable('customer_imports').set({ status: 'running', total_rows: 5, processed_rows: 3, customers_created: 1, error_count: 2 }).where('id', '=', id).execute();
    await t.db
      .insertInto('customer_import_errors')
      .values([
        { import_id: id, row_number: 4, field: 'Product family', message: "'X' is not a known product family" },
        { import_id: id, row_number: 2, field: 'Customer name', message: 'is required' },
      ])
      .execute();
    const res = await progress('admin', id, '?offset=0&amount=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'running',
      totalRows: 5,
      processedRows: 3,
      customersCreated: 1,
      rowsWithErrors: 2,
      errors: { result: [{ rowNumber: 2, field: 'Customer name', message: 'is required' }], count: 2 },
    });
    expect((await progress('admin', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/customers/import?search=progress&amount=5', headers: auth('admin') });
    expect(list.json()).toMatchObject({ count: 1, result: [{ id, fileName: 'progress.csv', status: 'running', processedRows: 3 }] });
    const newest = await t.app.inject({ method: 'GET', url: '/api/v1/customers/import?amount=1', headers: auth('admin') });
    expect(newest.json().result[0].fileName).toBe('progress.csv'); // newest first
    expect((await progress('admin', 'nope')).statusCode).toBe(400);
  });

  it('runs uploads (CSV and Excel) through the job runtime (given the storage the API writes to) to finished imports', async () => {
    const log = { debug() {}, info() {}, warn() {}, error() {} };
    const runtime = await startJobRuntime({ db: t.db, dataDir: filesDir, mailFrom: 'x <x@company.example>', log, runProcessors: true, pollMs: 50, storage: storageOf(t.config) });
    const finished = async (id: string) => {
      runtime.kick();
      let body: { status: string } = { status: 'queued' };
      for (let i = 0; i < 100 && (body.status === 'queued' || body.status === 'running'); i++) {
        await new Promise((r) => setTimeout(r, 50));
        body = (await progress('admin', id)).json();
      }
      return body;
    };
    try {
      const { id } = (await upload('admin', 'run.csv', 'Customer name,Equipment serial number\nRun Oy,RUN-1\n,RUN-2\n')).json();
      expect(await finished(id)).toMatchObject({
        status: 'done',
        totalRows: 2,
        processedRows: 2,
        customersCreated: 1,
        equipmentCreated: 1,
        rowsWithErrors: 1,
        errors: { result: [{ rowNumber: 3, field: 'Customer name', message: 'is required' }], count: 1 },
      });

      // A normal workbook passes the unpacking limits at upload and in the job.
      const wb = new ExcelJS.Workbook();
      const sheet = wb.addWorksheet('Customers');
      sheet.addRow(['Customer name', 'Equipment serial number']);
      for (let i = 1; i <= 50; i++) sheet.addRow([`Workbook Oy ${i}`, `WB-${i}`]);
      const res = await upload('admin', 'run.xlsx', Buffer.from(await wb.xlsx.writeBuffer()), XLSX);
      expect(res.statusCode, res.body).toBe(202);
      expect(await finished(res.json().id)).toMatchObject({ status: 'done', error: null, totalRows: 50, customersCreated: 50, equipmentCreated: 50, rowsWithErrors: 0 });
    } finally {
      await runtime.close();
    }
  });

  it('imports the optional customer language and time zone columns for an admin, reports bad ones per row, and still refuses a manager', async () => {
    await t.db.insertInto('languages').values([{ id: 'de', name: 'German' }]).onConflict((oc) => oc.doNothing()).execute();
    const file = 'Customer name;Customer MDM id;Customer language;Customer time zone\r\nZone GmbH;C-ZONE;de;Europe/Berlin\r\nBad Zone GmbH;C-BAD;xx;Mars/Olympus\r\n';
    const refused = await upload('manager', 'zones.csv', file);
    expect(refused.statusCode).toBe(403);
    expect(await t.db.selectFrom('customer_imports').select('id').where('file_name', '=', 'zones.csv').execute()).toEqual([]);

    const log = { debug() {}, info() {}, warn() {}, error() {} };
    const runtime = await startJobRuntime({ db: t.db, dataDir: filesDir, mailFrom: 'x <x@company.example>', log, runProcessors: true, pollMs: 50, storage: storageOf(t.config) });
    try {
      const res = await upload('admin', 'zones.csv', file);
      expect(res.statusCode, res.body).toBe(202);
      const { id } = res.json();
      runtime.kick();
      let body: { status: string } = { status: 'queued' };
      for (let i = 0; i < 100 && (body.status === 'queued' || body.status === 'running'); i++) {
        await new Promise((r) => setTimeout(r, 50));
        body = (await progress('admin', id)).json();
      }
      expect(body).toMatchObject({
        status: 'done',
        customersCreated: 1,
        rowsWithErrors: 1,
        errors: {
          result: [
            { rowNumber: 3, field: 'Customer language', message: "'xx' is not a report language (one of de)" },
            { rowNumber: 3, field: 'Customer time zone', message: "'Mars/Olympus' must be an IANA time zone such as Europe/Helsinki" },
          ],
          count: 2,
        },
      });
      const customer = await t.db.selectFrom('customers').select(['language', 'time_zone']).where('mdm_customer_id', '=', 'C-ZONE').executeTakeFirstOrThrow();
      expect(customer).toEqual({ language: 'de', time_zone: 'Europe/Berlin' });
    } finally {
      await runtime.close();
    }
  });
});
