import { sql, type Kysely } from 'kysely';
import { baseColumns, touchTrigger, trigramIndex } from './helpers.js';

/** Identity, sessions, one-time tokens, sign-in attempts, the job outbox and the development identity provider. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create or replace function touch_updated_at() returns trigger language plpgsql as $$
    begin new.updated_at = now(); return new; end $$`.execute(db);

  await db.schema
    .createTable('companies')
    .$call(baseColumns)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create unique index companies_name_unique on companies (lower(name)) where deleted_at is null`.execute(db);
  await touchTrigger(db, 'companies');

  // Staff and distributors share one table: kind tells them apart. Staff levels come from idp_groups
  // (refreshed at every sign-in), distributor levels from distributor_admin/expires_at (see contracts/levels.ts).
  await db.schema
    .createTable('users')
    .$call(baseColumns)
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('staff', 'distributor')`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id'))
    .addColumn('distributor_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('password_hash', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('account_flags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('idp_groups', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create unique index users_email_unique on users (lower(email)) where deleted_at is null`.execute(db);
  await sql`create index users_company on users (company_id, name) where deleted_at is null`.execute(db);
  await sql`create index users_kind_name on users (kind, name) where deleted_at is null`.execute(db);
  await trigramIndex(db, 'users', 'name');
  await trigramIndex(db, 'users', 'email');
  await touchTrigger(db, 'users');

  // One row per issued bearer token (id = the token's jti); logout sets revoked_at.
  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('groups_override', sql`text[]`)
    .addColumn('id_token', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('auth_sessions_user').on('auth_sessions').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('auth_sessions_expires').on('auth_sessions').column('expires_at').execute();

  // Set-password and forgot-password tokens: only a hash is stored; single use, with an expiry.
  await db.schema
    .createTable('auth_tokens')
    .$call(baseColumns)
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('set-password', 'password-reset')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('auth_tokens_user').on('auth_tokens').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('succeeded', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('login_attempts_email').on('login_attempts').columns(['email', 'created_at']).execute();
  await db.schema.createIndex('login_attempts_ip').on('login_attempts').columns(['ip', 'created_at']).execute();

  // Jobs and domain events are written here in the same transaction as the data, then relayed.
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'relayed', 'done', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('available_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processed_at', 'timestamptz')
    .execute();
  await sql`create index outbox_pending on outbox (available_at) where status = 'pending'`.execute(db);

  // Development identity provider: the accounts it knows (a stand-in for a directory) and its own storage.
  await db.schema
    .createTable('dev_idp_accounts')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('groups', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .execute();
  await db.schema
    .createTable('dev_idp_store')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('uid', 'text')
    .addColumn('user_code', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addPrimaryKeyConstraint('dev_idp_store_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('dev_idp_store_grant').on('dev_idp_store').column('grant_id').execute();
  await db.schema.createIndex('dev_idp_store_uid').on('dev_idp_store').column('uid').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['dev_idp_store', 'dev_idp_accounts', 'outbox', 'login_attempts', 'auth_tokens', 'auth_sessions', 'users', 'companies']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await sql`drop function if exists touch_updated_at()`.execute(db);
}
