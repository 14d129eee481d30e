import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type DbHandle } from '../client.js';
import { migrateToLatest, migrateDown } from '../migrator.js';
import { testServerUrl } from '../testing/index.js';
import { migrations } from './index.js';

const migrationCount = Object.keys(migrations).length;

const userTables = async (db: Kysely<any>) =>
  (
    await sql<{ table_name: string }>`select table_name from information_schema.tables
      where table_schema = 'public' and table_name not like 'kysely%' order by 1`.execute(db)
  ).rows.map((r) => r.table_name);

/** Inserts the minimum to have one searchable inspection and returns nothing; used on both engines. */
async function insertSearchableInspection(db: Kysely<any>) {
  const [cat] = await sql<{ id: string }>`insert into product_categories (name) values ('Crushers') returning id`.execute(db).then((r) => r.rows);
  const [fam] = await sql<{ id: string }>`insert into product_families (name, product_category_id) values ('LT106', ${cat.id}) returning id`.execute(db).then((r) => r.rows);
  const [cust] = await sql<{ id: string }>`insert into customers (name) values ('Kalliomurske Oy') returning id`.execute(db).then((r) => r.rows);
  await sql`insert into inspections (name, type, inspection_date, customer_id, product_family_id, serial_number, search_text)
    values ('Daily check', 'Daily', now(), ${cust.id}, ${fam.id}, 'SN-778899', lower('Daily check SN-778899 Kalliomurske Oy Ilkka Inspector'))`.execute(db);
  await sql`insert into inspections (name, type, inspection_date, search_text) values ('Other', 'Weekly', now(), 'other sn-1')`.execute(db);
}

async function containsSearch(db: Kysely<any>, term: string) {
  const { rows } = await sql<{ name: string; sim: number }>`select name, similarity(search_text, ${term.toLowerCase()}) as sim
    from inspections where deleted_at is null and audit_id is null and search_text like ${'%' + term.toLowerCase() + '%'}
    order by inspection_date desc`.execute(db);
  return rows;
}

describe('migrations on PostgreSQL', () => {
  const name = `insp_migtest_${process.pid}_${randomBytes(3).toString('hex')}`;
  let handle: DbHandle;
  const admin = () => new pg.Client({ connectionString: testServerUrl() });

  beforeAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`create database "${name}"`);
    await c.end();
    handle = await openDatabase({ databaseUrl: testServerUrl(name), poolSize: 2 });
  });

  afterAll(async () => {
    await handle?.close();
    const c = admin();
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.end();
  });

  it('goes up, down every step to zero, and up again', async () => {
    const applied = await migrateToLatest(handle.db);
    expect(applied).toEqual(Object.keys(migrations));
    const tables = await userTables(handle.db);
    for (const t of ['inspections', 'audits', 'inspection_points', 'protocols', 'documents', 'audit_trail', 'web_logs']) {
      expect(tables).toContain(t);
    }

    for (let i = 0; i < migrationCount; i++) await migrateDown(handle.db);
    expect(await userTables(handle.db)).toEqual([]);

    const again = await migrateToLatest(handle.db);
    expect(again).toHaveLength(migrationCount);
    expect(await userTables(handle.db)).toEqual(tables);
  });

  it('keeps updated_at current, enforces partial uniques and answers a trigram search through the index', async () => {
    await insertSearchableInspection(handle.db);
    const [row] = (await sql<{ id: string; updated_at: Date }>`select id, updated_at from customers`.execute(handle.db)).rows;
    await new Promise((r) => setTimeout(r, 5));
    await sql`update customers set name = 'Kalliomurske Ab' where id = ${row.id}`.execute(handle.db);
    const [after] = (await sql<{ updated_at: Date }>`select updated_at from customers where id = ${row.id}`.execute(handle.db)).rows;
    expect(after.updated_at.getTime()).toBeGreaterThan(row.updated_at.getTime());

    // A soft-deleted equipment frees its serial number.
    await sql`insert into equipment (serial_number) values ('DUP-1')`.execute(handle.db);
    await expect(sql`insert into equipment (serial_number) values ('DUP-1')`.execute(handle.db)).rejects.toThrow();
    await sql`update equipment set deleted_at = now() where serial_number = 'DUP-1'`.execute(handle.db);
    await sql`insert into equipment (serial_number) values ('DUP-1')`.execute(handle.db);

    expect((await containsSearch(handle.db, '778')).map((r) => r.name)).toEqual(['Daily check']);
    expect((await containsSearch(handle.db, 'murske')).map((r) => r.name)).toEqual(['Daily check']);

    await sql`set enable_seqscan = off`.execute(handle.db);
    const plan = (await sql<{ 'QUERY PLAN': string }>`explain select id from inspections where search_text like '%murske%'`.execute(handle.db)).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toContain('inspections_search_text_trgm');
  });
});

describe('migrations on PGlite (embedded)', () => {
  let dir: string;
  let handle: DbHandle;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'insp-pglite-'));
    handle = await openDatabase({ dataDir: dir });
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs the same migrations up, down to zero and up again', async () => {
    expect(handle.dialect).toBe('pglite');
    expect(await migrateToLatest(handle.db)).toEqual(Object.keys(migrations));
    for (let i = 0; i < migrationCount; i++) await migrateDown(handle.db);
    expect(await userTables(handle.db)).toEqual([]);
    expect(await migrateToLatest(handle.db)).toHaveLength(migrationCount);
  }, 120_000);

  it('answers a trigram contains-search', async () => {
    await insertSearchableInspection(handle.db);
    const rows = await containsSearch(handle.db, 'SN-7788');
    expect(rows.map((r) => r.name)).toEqual(['Daily check']);
    expect(rows[0].sim).toBeGreaterThan(0);
    expect(await containsSearch(handle.db, 'nothing-like-this')).toEqual([]);
  }, 60_000);
});
