import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';

export interface SavedIndex {
  name: string;
  table: string;
  def: string;
}

/**
 * Drops the secondary indexes of `tables` (not the ones behind a primary key or other constraint) and
 * returns their definitions exactly as the catalogue prints them, so `recreateIndexes` puts back the same
 * indexes under the same names. Meant for one transaction: if anything fails in between, the rollback
 * restores them, so the schema never stays different from the migrations.
 */
export async function dropSecondaryIndexes(c: Kysely<DB>, tables: readonly string[]): Promise<SavedIndex[]> {
  const { rows } = await sql<SavedIndex>`select ic.relname as name, tc.relname as "table", pg_get_indexdef(i.indexrelid) as def
    from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_class tc on tc.oid = i.indrelid
    where tc.relnamespace = 'public'::regnamespace and tc.relname in (${sql.join(tables)})
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      -- Only the table's owner may drop (and build) its indexes: the others stay and are kept up row by row.
      and pg_has_role(tc.relowner, 'USAGE')
    order by tc.relname, ic.relname`.execute(c);
  for (const r of rows) await sql`drop index ${sql.id('public', r.name)}`.execute(c);
  return rows;
}

/** Builds the saved indexes again; a build sorts the whole table once, far cheaper than a million inserts into each. */
export async function recreateIndexes(c: Kysely<DB>, saved: readonly SavedIndex[], log: (line: string) => void): Promise<void> {
  for (const r of saved) {
    const t = Date.now();
    await sql.raw(r.def).execute(c);
    log(`    index ${r.name}: ${Date.now() - t} ms`);
  }
}
