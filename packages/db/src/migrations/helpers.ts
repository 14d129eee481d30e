import { sql, type Kysely, type CreateTableBuilder } from 'kysely';

/** id uuid primary key plus created/updated timestamps: every table starts with these. */
export function baseColumns<T extends string>(t: CreateTableBuilder<T, never>) {
  return t
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
}

/** Keeps updated_at honest without every repository remembering to set it. */
export async function touchTrigger(db: Kysely<any>, table: string) {
  await sql`create trigger ${sql.raw(`${table}_touch`)} before update on ${sql.table(table)}
    for each row execute function touch_updated_at()`.execute(db);
}

/** Trigram index for contains-search (ILIKE '%x%'). */
export async function trigramIndex(db: Kysely<any>, table: string, column: string) {
  await sql`create index ${sql.raw(`${table}_${column}_trgm`)} on ${sql.table(table)}
    using gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
}

/** created/updated timestamps only: for tables whose key is not a generated uuid (link tables, text ids, log rows). */
export function timestamps<T extends string, C extends string>(t: CreateTableBuilder<T, C>) {
  return t
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
}

/** `column in ('a', 'b', ...)` for check constraints. Values are repeated in migrations on purpose (never import app code). */
export const oneOf = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;

/** Drops tables in the given order (children first). */
export async function dropTables(db: Kysely<any>, tables: readonly string[]) {
  for (const t of tables) await db.schema.dropTable(t).ifExists().cascade().execute();
}
