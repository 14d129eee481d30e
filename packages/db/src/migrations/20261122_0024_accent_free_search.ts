import { sql, type Kysely } from 'kysely';

/**
 * Issue 20: search ignores case and accents ('muller' finds 'Müller', 'aridos' finds 'Áridos').
 *
 * `search_fold(text)` is the one folding, used when search_text is written and on the search string, so both sides
 * fold alike: lower() of PostgreSQL's `unaccent` (contrib; PGlite ships it as @electric-sql/pglite/contrib/unaccent,
 * loaded beside pg_trgm). unaccent itself is only STABLE (its rules file could change), so the wrapper names its
 * dictionary by schema and is declared IMMUTABLE: that lets a trigram index hold folded values, and PostgreSQL
 * evaluates it once at planning for a constant search string, so the pattern still goes through the index.
 * unaccent runs before lower(), so upper-case letters with accents fold whatever the database's LC_CTYPE.
 * Measured at 65 000 rows: unaccent 2 µs a row (6 µs through the wrapper's call), a translate() over the 180
 * accented Latin letters 48 µs, normalize(NFD) plus stripping the marks 6 µs; unaccent also maps ß, æ, œ, ø, ł.
 *
 * search_text now also holds the equipment nickname the report recorded and its site's current name
 * (inspections: name, serial, nickname, customer, site, inspector; audits: name, customer, site, inspector), folded.
 * Customers' names and equipment nicknames are searched folded too, through trigram indexes on the folded value.
 */
/** Rows rewritten per statement while rebuilding search_text (keyset over the primary key). */
const BATCH = 100_000;

const inspectionText = sql`search_fold(concat_ws(' ', nullif(i.name, ''), nullif(i.serial_number, ''), nullif(i.nick_name, ''),
  nullif((select c.name from customers c where c.id = i.customer_id), ''),
  nullif((select s.name from customer_sites s where s.id = i.customer_site_id), ''), nullif(i.inspector, '')))`;
const auditText = sql`search_fold(concat_ws(' ', nullif(a.name, ''),
  nullif((select c.name from customers c where c.id = a.customer_id), ''),
  nullif((select s.name from customer_sites s where s.id = a.customer_site_id), ''), nullif(a.inspector, '')))`;
const oldInspectionText = sql`lower(concat_ws(' ', nullif(i.name, ''), nullif(i.serial_number, ''),
  nullif((select c.name from customers c where c.id = i.customer_id), ''), nullif(i.inspector, '')))`;
const oldAuditText = sql`lower(concat_ws(' ', nullif(a.name, ''),
  nullif((select c.name from customers c where c.id = a.customer_id), ''), nullif(a.inspector, '')))`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists unaccent with schema public`.execute(db);
  await sql`create function search_fold(t text) returns text language sql immutable strict parallel safe as $$
    select lower(public.unaccent('public.unaccent'::regdictionary, t))
  $$`.execute(db);
  await rebuild(db, inspectionText, auditText);
  // These replace the trigram indexes of the raw values, which no search reads any more.
  await sql`create index customers_name_fold_trgm on customers using gin (search_fold(name) gin_trgm_ops)`.execute(db);
  await sql`create index equipment_nick_name_fold_trgm on equipment using gin (search_fold(nick_name) gin_trgm_ops)`.execute(db);
  await sql`drop index customers_name_trgm`.execute(db);
  await sql`drop index equipment_nick_name_trgm`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index customers_name_trgm on customers using gin (name gin_trgm_ops)`.execute(db);
  await sql`create index equipment_nick_name_trgm on equipment using gin (nick_name gin_trgm_ops)`.execute(db);
  await sql`drop index if exists equipment_nick_name_fold_trgm`.execute(db);
  await sql`drop index if exists customers_name_fold_trgm`.execute(db);
  await rebuild(db, oldInspectionText, oldAuditText);
  await sql`drop function search_fold(text)`.execute(db);
  await sql`drop extension if exists unaccent`.execute(db);
}

async function rebuild(db: Kysely<any>, inspections: ReturnType<typeof sql>, audits: ReturnType<typeof sql>) {
  // The rewrite is not an edit: updated_at stays (the touch triggers are off for it; the counters' trigger watches
  // other columns). A new row version goes into every index of the table, so the secondary indexes of inspections
  // are dropped and built again after (measured at a million reports: 7.7 min with them kept, see docs/decisions.md).
  await sql`alter table inspections disable trigger inspections_touch`.execute(db);
  await sql`alter table audits disable trigger audits_touch`.execute(db);
  // Room to sort each index build in memory (this transaction only; the trigram one spills at a million otherwise).
  await sql`set local maintenance_work_mem = '512MB'`.execute(db);
  const saved = await dropSecondaryIndexes(db, 'inspections');
  await sql`drop index if exists audits_search_text_trgm`.execute(db);
  await inBatches(db, 'inspections', (from, to) => sql`update inspections i set search_text = ${inspections} where i.id > ${from} and i.id <= ${to}`);
  await inBatches(db, 'audits', (from, to) => sql`update audits a set search_text = ${audits} where a.id > ${from} and a.id <= ${to}`);
  for (const def of saved) await sql.raw(def).execute(db);
  await sql`create index audits_search_text_trgm on audits using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`alter table audits enable trigger audits_touch`.execute(db);
  await sql`alter table inspections enable trigger inspections_touch`.execute(db);
}

/**
 * Drops the table's indexes that back no constraint and returns their definitions as the catalogue prints them, to
 * build the same indexes under the same names afterwards (within this migration's transaction: a failure restores
 * them). The seed's bulk load does the same (seed/scale-indexes.ts; migrations do not import it).
 */
async function dropSecondaryIndexes(db: Kysely<any>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string; def: string }>`select ic.relname as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i join pg_class ic on ic.oid = i.indexrelid
    where i.indrelid = ${table}::regclass and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
    order by ic.relname`.execute(db);
  for (const r of rows) await sql`drop index ${sql.ref(r.name)}`.execute(db);
  return rows.map((r) => r.def);
}

/** Runs `update` over consecutive ranges of the primary key of BATCH rows each, so no statement holds the whole table. */
async function inBatches(db: Kysely<any>, table: string, update: (from: string, to: string) => ReturnType<typeof sql>) {
  let from = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await sql<{ id: string }>`select id from ${sql.table(table)} where id > ${from} order by id offset ${BATCH - 1} limit 1`.execute(db);
    const to = rows[0]?.id ?? 'ffffffff-ffff-ffff-ffff-ffffffffffff';
    await update(from, to).execute(db);
    if (!rows[0]) return;
    from = to;
  }
}
