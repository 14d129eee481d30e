import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@insp/db/testing';
import { createLocalStorage, newStorageKey, type Storage } from '@insp/storage';
import type { JobDeps } from '../types.js';
import { memoryLog, tempDir } from '../testing/helpers.js';
import { jobRegistry, runJob } from './registry.js';
import { parseCsv } from './customers.import.parse.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let database: TestDatabase;
let data: Awaited<ReturnType<typeof tempDir>>;
let storage: Storage;
let deps: JobDeps;
let seq = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  data = await tempDir();
  storage = createLocalStorage({ dir: data.dir, urlSecret: 'test-secret' });
  deps = { db: database.db, log: memoryLog(), storage } as unknown as JobDeps;
  const { id: categoryId } = await database.db.insertInto('product_categories').values({ name: 'Crushers' }).returning('id').executeTakeFirstOrThrow();
  const { id: familyId } = await database.db
    .insertInto('product_families')
    .values({ name: 'LT106', product_category_id: categoryId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await database.db.insertInto('product_models').values({ name: 'LT106 Pro', product_family_id: familyId }).execute();
  const { id: otherId } = await database.db.insertInto('customers').values({ name: 'Other Oy', mdm_customer_id: 'C-OTHER' }).returning('id').executeTakeFirstOrThrow();
  await database.db.insertInto('equipment').values({ serial_number: 'SN-TAKEN', customer_id: otherId }).execute();
  await database.db
    .insertInto('languages')
    .values([
      { id: 'en', name: 'English', position: 0 },
      { id: 'fi', name: 'Finnish', position: 1 },
      { id: 'sv', name: 'Swedish', position: 2 },
      { id: 'de', name: 'German', position: 3 },
    ])
    .execute();
});
afterAll(async () => {
  await database?.destroy();
  await data?.remove();
});

/** Stores the bytes and writes a queued import row, as the API's upload does. */
async function queuedImport(bytes: Uint8Array, contentType: string, createdByUserId: string | null = null) {
  const key = newStorageKey('imports/customers', contentType === XLSX ? 'xlsx' : 'csv');
  await storage.put(key, bytes, { contentType });
  const row = await database.db
    .insertInto('customer_imports')
    .values({ file_name: `file-${++seq}`, storage_key: key, content_type: contentType, created_by_user_id: createdByUserId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
const run = (importId: string) => runJob(jobRegistry, deps, 'customers.import', { importId }, { attempt: 1 });
const importRow = (id: string) => database.db.selectFrom('customer_imports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const errorsOf = (id: string) =>
  database.db.selectFrom('customer_import_errors').select(['row_number', 'field', 'message']).where('import_id', '=', id).orderBy('row_number').orderBy('id').execute();
const countRows = async () => ({
  customers: (await database.db.selectFrom('customers').select('id').execute()).length,
  sites: (await database.db.selectFrom('customer_sites').select('id').execute()).length,
  equipment: (await database.db.selectFrom('equipment').select('id').execute()).length,
});

// Semicolons, a BOM, CRLF, a quoted name with a separator and a doubled quote: what Excel writes in Europe.
const csv =
  '\uFEFFCustomer name;Customer MDM id;Site name;Site MDM id;Country;Equipment serial number;Equipment nickname;Product family;Product model\r\n' +
  '"Kallio; ""Murske"" Oy";C-100;Quarry 1;S-100;Finland;SN-1;Big one;LT106;LT106 Pro\r\n' +
  '"Kallio; ""Murske"" Oy";C-100;Quarry 1;S-100;Finland;SN-2;;lt106;\r\n' +
  ';;Quarry 2;;;;;;\r\n' +
  'Stone AB;C-200;Main;S-200;Sweden;SN-3;;NoSuchFamily;\r\n' +
  'Stone AB;C-200;Main;S-200;Sweden;SN-TAKEN;;;\r\n' +
  ';;;;;;;;\r\n' +
  'Stone AB;C-200;;;;SN-4;Spare;LT106;Nope\r\n';

describe('customers.import job', () => {
  it('parses quoted CSV fields, separators and line ends as Excel writes them', () => {
    expect(parseCsv('a,"b,c"\n"d ""e""",f\r\n')).toEqual([
      ['a', 'b,c'],
      ['d "e"', 'f'],
    ]);
    expect(parseCsv('\uFEFFa\tb\r\n1\t2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('imports the good CSV rows, reports each bad row by number and column, and creates nothing twice on a second import', async () => {
    const before = await countRows();
    const id = await queuedImport(new TextEncoder().encode(csv), 'text/csv');
    await run(id);

    expect(await importRow(id)).toMatchObject({
      status: 'done',
      total_rows: 6, // the empty line is not a row
      processed_rows: 6,
      customers_created: 1,
      sites_created: 1,
      equipment_created: 2,
      error_count: 4,
      error: null,
    });
    expect(await errorsOf(id)).toEqual([
      { row_number: 4, field: 'Customer name', message: 'is required' },
      { row_number: 5, field: 'Product family', message: "'NoSuchFamily' is not a known product family" },
      { row_number: 6, field: 'Equipment serial number', message: 'SN-TAKEN belongs to equipment of another customer (Other Oy)' },
      { row_number: 8, field: 'Product model', message: "'Nope' is not a model of product family 'LT106'" },
    ]);
    const customer = await database.db.selectFrom('customers').selectAll().where('mdm_customer_id', '=', 'C-100').executeTakeFirstOrThrow();
    expect(customer.name).toBe('Kallio; "Murske" Oy');
    const equipment = await database.db
      .selectFrom('equipment')
      .innerJoin('customer_sites', 'customer_sites.id', 'equipment.customer_site_id')
      .leftJoin('product_models', 'product_models.id', 'equipment.product_model_id')
      .select(['serial_number', 'nick_name', 'customer_sites.name as site', 'customer_sites.country', 'product_models.name as model'])
      .where('equipment.customer_id', '=', customer.id)
      .orderBy('serial_number')
      .execute();
    expect(equipment).toEqual([
      { serial_number: 'SN-1', nick_name: 'Big one', site: 'Quarry 1', country: 'Finland', model: 'LT106 Pro' },
      { serial_number: 'SN-2', nick_name: null, site: 'Quarry 1', country: 'Finland', model: null },
    ]);
    // Row 5 failed after its customer would have been created: the whole row was rolled back.
    expect(await database.db.selectFrom('customers').select('id').where('name', '=', 'Stone AB').execute()).toEqual([]);
    const after = await countRows();
    expect(after).toEqual({ customers: before.customers + 1, sites: before.sites + 1, equipment: before.equipment + 2 });

    // The same job again (BullMQ may deliver twice): a finished import is left alone.
    expect(await run(id)).toEqual({ skipped: 'done' });
    // The same file as a new import: every row matches, nothing is created or changed.
    const again = await queuedImport(new TextEncoder().encode(csv), 'text/csv');
    await run(again);
    expect(await importRow(again)).toMatchObject({ status: 'done', customers_created: 0, customers_updated: 0, sites_created: 0, equipment_created: 0, equipment_updated: 0, error_count: 4 });
    expect(await countRows()).toEqual(after);
  });

  it('imports an Excel workbook, updating equipment it already knows by serial number', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Customers');
    sheet.addRow(['Customer name', 'Customer MDM id', 'Site name', 'Site MDM id', 'Site MDM type', 'State/Province', 'Equipment serial number', 'Equipment nickname', 'Equipment MDM id', 'Product family']);
    sheet.addRow(['Kallio; "Murske" Oy', 'C-100', 'Quarry 1', 'S-100', 'Plant', 'Uusimaa', 'SN-2', 'Renamed', 'E-2', 'LT106']);
    sheet.addRow(['Excel Oy', null, 'Pit', null, null, null, 778899, null, null, null]); // serial typed as a number
    sheet.addRow(['Excel Oy', null, null, 'S-100', null, null, null, null, null, null]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const id = await queuedImport(bytes, XLSX);
    await run(id);

    expect(await importRow(id)).toMatchObject({
      status: 'done',
      total_rows: 3,
      customers_created: 1,
      sites_created: 1,
      sites_updated: 1,
      equipment_created: 1,
      equipment_updated: 1,
      error_count: 1,
    });
    expect(await errorsOf(id)).toEqual([{ row_number: 4, field: 'Site MDM id', message: "S-100 is the MDM id of site 'Quarry 1' of another customer" }]);
    const sn2 = await database.db.selectFrom('equipment').selectAll().where('serial_number', '=', 'SN-2').executeTakeFirstOrThrow();
    expect(sn2).toMatchObject({ nick_name: 'Renamed', mdm_equipment_id: 'E-2' });
    const site = await database.db.selectFrom('customer_sites').selectAll().where('mdm_site_id', '=', 'S-100').executeTakeFirstOrThrow();
    expect(site).toMatchObject({ mdm_type: 'Plant', state_province: 'Uusimaa', country: 'Finland' }); // a blank cell keeps Finland
    expect(await database.db.selectFrom('equipment').select('serial_number').where('serial_number', '=', '778899').execute()).toHaveLength(1);
  });

  it('fails the whole import with a reason when the file has no Customer name column or is not text', async () => {
    const noHeader = await queuedImport(new TextEncoder().encode('Name,Serial\nA,1\n'), 'text/csv');
    await run(noHeader);
    expect(await importRow(noHeader)).toMatchObject({ status: 'failed', error: expect.stringContaining("no 'Customer name' column") });

    const binary = await queuedImport(new Uint8Array([0xff, 0xfe, 0x43, 0x00]), 'text/csv');
    await run(binary);
    expect(await importRow(binary)).toMatchObject({ status: 'failed', error: expect.stringContaining('not a UTF-8 CSV') });
  });

  it('fails a workbook that would unpack to too much (a zip bomb stored past the upload check) before parsing it, with the reason', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Customers').addRow(['Customer name']);
    const zip = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
    zip.file('xl/worksheets/sheet2.xml', Buffer.alloc(60 * 1024 * 1024)); // 60 MB of zeros, ~60 KB packed
    const before = await countRows();
    const id = await queuedImport(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }), XLSX);
    await run(id);
    expect(await importRow(id)).toMatchObject({
      status: 'failed',
      total_rows: null,
      error: 'The file was not read: it has a part (xl/worksheets/sheet2.xml) that unpacks to more than 100 times its packed size. A workbook to import may be at most 50 MB unpacked, in at most 1000 parts, none packed more than 100:1.',
    });
    expect(await countRows()).toEqual(before);
  });

  it('resumes after the last committed row when a run died part-way', async () => {
    const file = 'Customer name,Equipment serial number\nResume Oy,R-1\nResume Oy,R-2\nResume Oy,R-3\n';
    const id = await queuedImport(new TextEncoder().encode(file), 'text/csv');
    // As if a first run had committed row 2 and then died.
    await run(await queuedImport(new TextEncoder().encode('Customer name,Equipment serial number\nResume Oy,R-1\n'), 'text/csv'));
    await database.db.updateTable('customer_imports').set({ status: 'running', processed_rows: 1, customers_created: 1, equipment_created: 1 }).where('id', '=', id).execute();
    await run(id);
    expect(await importRow(id)).toMatchObject({ status: 'done', processed_rows: 3, customers_created: 1, equipment_created: 3, equipment_updated: 0 });
    expect(await database.db.selectFrom('equipment').select('serial_number').where('serial_number', 'like', 'R-%').execute()).toHaveLength(3);
  });

  it('leaves an import done when a duplicate run read it just before another run finished it', async () => {
    const id = await queuedImport(new TextEncoder().encode('Customer name,Equipment serial number\nDup Oy,DUP-1\n'), 'text/csv');
    // Run B has read the row (queued); while it fetches the file, run A does the whole import.
    const racing = { ...deps, storage: { ...storage, get: async (key: string) => (await run(id), storage.get(key)) } } as JobDeps;
    expect(await runJob(jobRegistry, racing, 'customers.import', { importId: id }, { attempt: 1 })).toEqual({ skipped: 'overtaken' });
    expect(await importRow(id)).toMatchObject({ status: 'done', processed_rows: 1, customers_created: 1, equipment_created: 1 });
  });

  it('does not attach a row to a customer that a merge or delete soft-deleted while the row waited for it', async () => {
    const db = database.db;
    const old = await db.insertInto('customers').values({ name: 'Merged Oy', mdm_customer_id: 'C-MERGED' }).returning('id').executeTakeFirstOrThrow();
    const id = await queuedImport(new TextEncoder().encode('Customer name,Customer MDM id,Equipment serial number\nMerged Oy,C-MERGED,MRG-1\n'), 'text/csv');
    let release!: () => void;
    let deleted!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const isDeleted = new Promise<void>((r) => (deleted = r));
    // The merge's transaction: the customer is soft-deleted, not yet committed.
    const merge = db.transaction().execute(async (trx) => {
      await trx.updateTable('customers').set({ deleted_at: new Date() }).where('id', '=', old.id).execute();
      deleted();
      await released;
    });
    await isDeleted;
    let finished = false;
    const job = run(id).finally(() => (finished = true));
    const waitsOnLock = async () =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db)).rows[0]!.n,
      ) > 0;
    // The import either finishes without waiting (reading the customer as it was) or waits for the merge.
    for (let i = 0; i < 250 && !finished && !(await waitsOnLock()); i++) await new Promise((r) => setTimeout(r, 20));
    release();
    await merge;
    await job;

    expect(await importRow(id)).toMatchObject({ status: 'done', customers_created: 1, equipment_created: 1, error_count: 0 });
    const owner = await db
      .selectFrom('equipment')
      .innerJoin('customers', 'customers.id', 'equipment.customer_id')
      .select(['customers.id', 'customers.deleted_at'])
      .where('equipment.serial_number', '=', 'MRG-1')
      .executeTakeFirstOrThrow();
    expect(owner.id).not.toBe(old.id);
    expect(owner.deleted_at).toBeNull();
  });

  it('renames a customer matched by MDM id so its reports are found by the new name, and records the change against the uploader', async () => {
    const db = database.db;
    const { id: userId } = await db.insertInto('users').values({ kind: 'staff', email: 'importer@example.com', name: 'Importer' }).returning('id').executeTakeFirstOrThrow();
    const { id: customerId } = await db.insertInto('customers').values({ name: 'Old Name Oy', mdm_customer_id: 'C-RENAME' }).returning('id').executeTakeFirstOrThrow();
    const { id: inspectionId } = await db
      .insertInto('inspections')
      .values({ name: 'Daily check', type: 'Daily', inspection_date: new Date(), customer_id: customerId, serial_number: 'SN-RN-1', inspector: 'Ilkka', search_text: 'daily check sn-rn-1 old name oy ilkka' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: auditId } = await db
      .insertInto('audits')
      .values({ name: 'Site audit', inspection_date: new Date(), customer_id: customerId, inspector: 'Ilkka', search_text: 'site audit old name oy ilkka' })
      .returning('id')
      .executeTakeFirstOrThrow();

    const id = await queuedImport(new TextEncoder().encode('Customer name,Customer MDM id,Site name\nNew Name Oy,C-RENAME,North Pit\n'), 'text/csv', userId);
    await run(id);

    expect(await importRow(id)).toMatchObject({ status: 'done', customers_updated: 1, sites_created: 1, error_count: 0 });
    const found = await db.selectFrom('inspections').select('id').where('search_text', 'like', '%new name oy%').execute();
    expect(found.map((r) => r.id)).toEqual([inspectionId]);
    expect(await db.selectFrom('inspections').select('search_text').where('id', '=', inspectionId).executeTakeFirstOrThrow()).toEqual({
      search_text: 'daily check sn-rn-1 new name oy ilkka',
    });
    expect(await db.selectFrom('audits').select('id').where('search_text', 'like', '%new name oy%').execute()).toEqual([{ id: auditId }]);

    const trail = await db.selectFrom('audit_trail').select(['entity_type', 'actor_user_id', 'action', 'changes']).where('entity_id', '=', customerId).execute();
    expect(trail).toEqual([
      {
        entity_type: 'customer',
        actor_user_id: userId,
        action: 'update',
        changes: { before: { name: 'Old Name Oy', mdmCustomerId: 'C-RENAME' }, after: { name: 'New Name Oy', mdmCustomerId: 'C-RENAME' }, importId: id },
      },
    ]);
    const site = await db.selectFrom('customer_sites').select('id').where('customer_id', '=', customerId).executeTakeFirstOrThrow();
    expect(await db.selectFrom('audit_trail').select(['entity_type', 'actor_user_id', 'action']).where('entity_id', '=', site.id).execute()).toEqual([
      { entity_type: 'customer_site', actor_user_id: userId, action: 'create' },
    ]);
  });

  it('keeps an import running while its job is retried, and marks it failed with the reason after the last attempt', async () => {
    const id = await queuedImport(new TextEncoder().encode('Customer name\nA\n'), 'text/csv');
    const down = { ...storage, get: async () => Promise.reject(new Error('storage unreachable')) };
    const flaky = { ...deps, storage: down } as JobDeps;
    await expect(runJob(jobRegistry, flaky, 'customers.import', { importId: id }, { attempt: 1 })).rejects.toThrow('storage unreachable');
    expect(await importRow(id)).toMatchObject({ status: 'queued', error: null });
    await expect(runJob(jobRegistry, flaky, 'customers.import', { importId: id }, { attempt: 5 })).rejects.toThrow('storage unreachable');
    expect(await importRow(id)).toMatchObject({ status: 'failed', error: expect.stringContaining('stopped after 5 attempts (storage unreachable)') });
  });

  describe('the customer language and time zone columns (issue 20)', () => {
    const customer = (mdm: string) =>
      database.db.selectFrom('customers').select(['id', 'name', 'language', 'time_zone']).where('mdm_customer_id', '=', mdm).executeTakeFirst();

    it('sets them on new customers (a code or a name, a zone in any case) and reports a bad value under its column, skipping the row', async () => {
      const file =
        'Customer name,Customer MDM id,Customer language,Customer time zone\n' +
        'Zone Oy,C-Z1,fi,europe/helsinki\n' +
        'Zone AB,C-Z2,Swedish,\n' +
        'Bad Language GmbH,C-Z3,Klingon,Europe/Berlin\n' +
        'Bad Zone GmbH,C-Z4,de,+02:00\n';
      const id = await queuedImport(new TextEncoder().encode(file), 'text/csv');
      await run(id);

      expect(await importRow(id)).toMatchObject({ status: 'done', processed_rows: 4, customers_created: 2, error_count: 2, error: null });
      expect(await errorsOf(id)).toEqual([
        { row_number: 4, field: 'Customer language', message: "'Klingon' is not a report language (one of en, fi, sv, de)" },
        { row_number: 5, field: 'Customer time zone', message: "'+02:00' must be an IANA time zone such as Europe/Helsinki" },
      ]);
      expect(await customer('C-Z1')).toMatchObject({ language: 'fi', time_zone: 'Europe/Helsinki' });
      expect(await customer('C-Z2')).toMatchObject({ language: 'sv', time_zone: null });
      expect(await customer('C-Z3')).toBeUndefined();
      expect(await customer('C-Z4')).toBeUndefined();
      const created = await database.db.selectFrom('audit_trail').select('changes').where('entity_id', '=', (await customer('C-Z1'))!.id).executeTakeFirstOrThrow();
      expect(created.changes).toEqual({ name: 'Zone Oy', mdmCustomerId: 'C-Z1', timeZone: 'Europe/Helsinki', language: 'fi', importId: id });
    });

    it('changes them on update, keeps them where the cell is empty or the file has no such column, and records the change', async () => {
      // The screens' names of the columns work too ('Report language', 'Time zone').
      const file = 'Customer name;Customer MDM id;Report language;Time zone\r\nZone Oy;C-Z1;;\r\nZone AB;C-Z2;DE;America/New_York\r\n';
      const id = await queuedImport(new TextEncoder().encode(file), 'text/csv');
      await run(id);
      expect(await importRow(id)).toMatchObject({ status: 'done', customers_created: 0, customers_updated: 1, error_count: 0 });
      expect(await customer('C-Z1')).toMatchObject({ language: 'fi', time_zone: 'Europe/Helsinki' });
      const zoneAb = (await customer('C-Z2'))!;
      expect(zoneAb).toMatchObject({ language: 'de', time_zone: 'America/New_York' });
      const trail = await database.db.selectFrom('audit_trail').select('changes').where('entity_id', '=', zoneAb.id).where('action', '=', 'update').execute();
      expect(trail.map((r) => r.changes)).toEqual([
        {
          before: { name: 'Zone AB', mdmCustomerId: 'C-Z2', timeZone: null, language: 'sv' },
          after: { name: 'Zone AB', mdmCustomerId: 'C-Z2', timeZone: 'America/New_York', language: 'de' },
          importId: id,
        },
      ]);

      const old = await queuedImport(new TextEncoder().encode('Customer name,Customer MDM id,Site name\nZone Oy,C-Z1,Harbour\n'), 'text/csv');
      await run(old);
      expect(await importRow(old)).toMatchObject({ status: 'done', customers_updated: 0, sites_created: 1, error_count: 0 });
      expect(await customer('C-Z1')).toMatchObject({ language: 'fi', time_zone: 'Europe/Helsinki' });
    });
  });
});
