import { sql, type Kysely } from 'kysely';

/**
 * The distributors list (api/v1/externalUsers) without counting or a subquery per row (issue 18). Its page
 * statement counted every live user of the kind on each page and ran one subquery per row for the categories:
 * together about half of the statement's time on 300 distributors, and the count grows with them.
 *
 * - `user_counts` keeps the number of live users (deleted_at null) per kind: `company_key` is a company's id for
 *   that company's users, and the zero uuid for every user of the kind (the staff list and the unscoped distributor
 *   list; a primary key cannot hold null). Kept exact by a trigger on users, like `inspection_counts` (0012).
 * - `users.product_category_ids` keeps a copy of the user's rows in `user_product_categories` (sorted), kept by a
 *   trigger on that table, which stays the one that is written and joined.
 * Both are filled from what is there when migrating. A load that switches triggers off must refresh them
 * (`refresh_user_counts()`); the seed at scale writes neither table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table user_counts (
    kind text not null,
    company_key uuid not null,
    n bigint not null default 0,
    primary key (kind, company_key)
  )`.execute(db);

  await sql`create function user_counts_bump(k text, company uuid, delta int) returns void
    language sql as $$
      insert into user_counts as c (kind, company_key, n)
      values (k, '00000000-0000-0000-0000-000000000000'::uuid, delta)
      on conflict (kind, company_key) do update set n = c.n + excluded.n;
      insert into user_counts as c (kind, company_key, n)
      select k, company, delta where company is not null
      on conflict (kind, company_key) do update set n = c.n + excluded.n;
    $$`.execute(db);

  await sql`create function user_counts_track() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.deleted_at is null then
        if tg_op = 'UPDATE' and new.deleted_at is null and new.kind = old.kind
           and new.company_id is not distinct from old.company_id then
          return null; -- still counted in the same buckets
        end if;
        perform user_counts_bump(old.kind, old.company_id, -1);
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.deleted_at is null then
        perform user_counts_bump(new.kind, new.company_id, 1);
      end if;
      return null;
    end $$`.execute(db);

  await sql`create trigger users_counts after insert or delete or update of deleted_at, kind, company_id
    on users for each row execute function user_counts_track()`.execute(db);

  // Held against writers while it counts, so that no bump falls between its delete and its insert.
  await sql`create function refresh_user_counts() returns void language sql as $$
      lock table users in share mode;
      delete from user_counts;
      insert into user_counts (kind, company_key, n)
      select kind, '00000000-0000-0000-0000-000000000000'::uuid, count(*) from users where deleted_at is null group by kind;
      insert into user_counts (kind, company_key, n)
      select kind, company_id, count(*) from users where deleted_at is null and company_id is not null group by kind, company_id;
    $$`.execute(db);
  await sql`select refresh_user_counts()`.execute(db);
  // TRUNCATE fires no row trigger: the counts are made again after one.
  await sql`create function user_counts_after_truncate() returns trigger language plpgsql as $$
    begin
      perform refresh_user_counts();
      return null;
    end $$`.execute(db);
  await sql`create trigger users_counts_truncate after truncate on users for each statement execute function user_counts_after_truncate()`.execute(db);

  await sql`alter table users add column product_category_ids uuid[] not null default '{}'`.execute(db);
  // The user's row is locked before its ids are read (a statement of its own, so it reads what committed while it
  // waited): two transactions changing one user's categories then write the ids one after the other, never a list
  // read before the other's rows were there.
  await sql`create function user_category_ids_refresh(u uuid) returns void language plpgsql as $$
    begin
      perform 1 from users where id = u for update;
      update users set product_category_ids = coalesce(
        (select array_agg(product_category_id order by product_category_id) from user_product_categories where user_id = u), '{}')
      where id = u;
    end $$`.execute(db);
  await sql`create function user_category_ids_keep() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform user_category_ids_refresh(old.user_id);
      end if;
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.user_id <> old.user_id) then
        perform user_category_ids_refresh(new.user_id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger user_product_categories_keep after insert or delete or update of user_id, product_category_id
    on user_product_categories for each row execute function user_category_ids_keep()`.execute(db);
  // filled without touching updated_at: nobody changed these users
  await sql`alter table users disable trigger users_touch`.execute(db);
  await sql`select user_category_ids_refresh(user_id) from (select distinct user_id from user_product_categories) linked`.execute(db);
  await sql`alter table users enable trigger users_touch`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists user_product_categories_keep on user_product_categories`.execute(db);
  await sql`drop function if exists user_category_ids_keep()`.execute(db);
  await sql`drop function if exists user_category_ids_refresh(uuid)`.execute(db);
  await sql`alter table users drop column if exists product_category_ids`.execute(db);
  await sql`drop trigger if exists users_counts_truncate on users`.execute(db);
  await sql`drop function if exists user_counts_after_truncate()`.execute(db);
  await sql`drop trigger if exists users_counts on users`.execute(db);
  await sql`drop function if exists refresh_user_counts()`.execute(db);
  await sql`drop function if exists user_counts_track()`.execute(db);
  await sql`drop function if exists user_counts_bump(text, uuid, int)`.execute(db);
  await sql`drop table if exists user_counts`.execute(db);
}
