import { sql, type Kysely } from 'kysely';

/**
 * Protocol versions (issue 10): a protocol that inspections use is never changed in place; a change makes a copy
 * with `version` + 1 that points at the version it replaces (`previous_version_id`) and shares its first
 * version's id (`root_protocol_id`), and the old row gets `superseded_at`. Inspections keep their `protocol_id`.
 * Lists and sortedByFit read current versions only, so their sort indexes leave superseded and deleted rows out.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table protocols
    add column version integer not null default 1,
    add column root_protocol_id uuid references protocols (id) on delete set null,
    add column previous_version_id uuid references protocols (id) on delete set null,
    add column superseded_at timestamptz,
    add column version_created_at timestamptz not null default now()`.execute(db);
  await sql`update protocols set root_protocol_id = id, version_created_at = created_at`.execute(db);
  // A first version is its own root; rows inserted without one (seed, fixtures, imports) get it here.
  await sql`create function protocols_default_root() returns trigger language plpgsql as $$
    begin
      new.root_protocol_id := coalesce(new.root_protocol_id, new.id);
      return new;
    end $$`.execute(db);
  await sql`create trigger protocols_default_root before insert on protocols
    for each row execute function protocols_default_root()`.execute(db);
  // Two concurrent edits of one protocol cannot both make version n + 1.
  await sql`create unique index protocols_root_version on protocols (root_protocol_id, version)`.execute(db);
  await sql`create index protocols_previous_version on protocols (previous_version_id)`.execute(db);
  // GET InspectionProtocols/search sort keys (created, name, type) over current, live versions; id breaks ties.
  await sql`create index protocols_current_created on protocols (created_at, id) where deleted_at is null and superseded_at is null`.execute(db);
  await sql`create index protocols_current_name on protocols (name, id) where deleted_at is null and superseded_at is null`.execute(db);
  await sql`create index protocols_current_type on protocols (type, id) where deleted_at is null and superseded_at is null`.execute(db);
  // GET InspectionProtocols/Obsolete, newest superseded first.
  await sql`create index protocols_superseded on protocols (superseded_at, id) where deleted_at is null and superseded_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['protocols_superseded', 'protocols_current_type', 'protocols_current_name', 'protocols_current_created', 'protocols_previous_version', 'protocols_root_version']) {
    await sql`drop index if exists ${sql.raw(index)}`.execute(db);
  }
  await sql`drop trigger if exists protocols_default_root on protocols`.execute(db);
  await sql`drop function if exists protocols_default_root()`.execute(db);
  await sql`alter table protocols drop column if exists version_created_at, drop column if exists superseded_at,
    drop column if exists previous_version_id, drop column if exists root_protocol_id, drop column if exists version`.execute(db);
}
