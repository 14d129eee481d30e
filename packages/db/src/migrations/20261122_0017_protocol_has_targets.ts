import { sql, type Kysely } from 'kysely';

/**
 * sortedByFit (issue 10, budget 10 ms) lists protocols without targets as 'Any product'. Finding them meant reading
 * every target row on each call (a hashed subplan over all of protocol_targets); `has_targets`, kept by a trigger
 * on protocol_targets whoever writes them (create, copy, versions, seed), answers it from the protocol row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table protocols add column has_targets boolean not null default false`.execute(db);
  await sql`update protocols p set has_targets = true where exists (select 1 from protocol_targets t where t.protocol_id = p.id)`.execute(db);
  await sql`create function protocol_targets_mark_protocol() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update protocols set has_targets = true where id = new.protocol_id and not has_targets;
      elsif tg_op = 'DELETE' then
        update protocols set has_targets = exists (select 1 from protocol_targets t where t.protocol_id = old.protocol_id)
          where id = old.protocol_id;
      elsif new.protocol_id is distinct from old.protocol_id then
        update protocols set has_targets = true where id = new.protocol_id and not has_targets;
        update protocols set has_targets = exists (select 1 from protocol_targets t where t.protocol_id = old.protocol_id)
          where id = old.protocol_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger protocol_targets_mark_protocol after insert or update or delete on protocol_targets
    for each row execute function protocol_targets_mark_protocol()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists protocol_targets_mark_protocol on protocol_targets`.execute(db);
  await sql`drop function if exists protocol_targets_mark_protocol()`.execute(db);
  await sql`alter table protocols drop column if exists has_targets`.execute(db);
}
