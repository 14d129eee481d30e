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
