import { sql, type CompiledQuery } from 'kysely';
import type { Db } from '../client.js';
import { executePrepared, prepareStatement } from '../prepared-statements.js';
import { statementTemplate } from '../statement-templates.js';

const userColumns = [
  'users.id',
  'users.kind',
  'users.email',
  'users.name',
  'users.company_id',
  'users.distributor_admin',
  'users.expires_at',
  'users.account_flags',
  'users.idp_groups',
] as const;

const sessionQuery = (db: Db, sessionId: string) =>
  db
    .selectFrom('auth_sessions')
    .innerJoin('users', 'users.id', 'auth_sessions.user_id')
    // Only what every request needs (rights, scope, the log's user): the company's name (companyName below, for
    // /auth/user) and the identity token (logout reads it from revokeSession) are not read per request (issue 18).
    .select([...userColumns, 'auth_sessions.groups_override'])
    .where('auth_sessions.id', '=', sessionId)
    .where('auth_sessions.revoked_at', 'is', null)
    .where('auth_sessions.expires_at', '>', sql<Date>`now()`)
    .where('users.deleted_at', 'is', null);
type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionQuery>['executeTakeFirstOrThrow']>>;

// Built and compiled once per database handle, and sent as a prepared statement (planned once per connection):
// every authenticated request pays for this query (issue 18).
const sessionStatement = new WeakMap<Db, (values: { sessionId: unknown }) => CompiledQuery>();

/** The session behind a token id together with its user, in one query: run on every request. */
export async function findActiveSession(db: Db, sessionId: string): Promise<SessionRow | undefined> {
  let statement = sessionStatement.get(db);
  if (!statement) {
    statement = statementTemplate(['sessionId'], (s) => sessionQuery(db, s.sessionId).compile());
    sessionStatement.set(db, statement);
    prepareStatement(statement({ sessionId: '' }).sql);
  }
  const rows = await executePrepared(db, statement({ sessionId }) as CompiledQuery<SessionRow>);
  return rows[0];
}
export type SessionUserRow = NonNullable<Awaited<ReturnType<typeof findActiveSession>>>;

/** A company's name, or null when there is none with that id. */
export async function companyName(db: Db, companyId: string): Promise<string | null> {
  const row = await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
  return row?.name ?? null;
}

export async function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select([...userColumns, 'users.password_hash'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findUserById(db: Db, id: string) {
  return db
    .selectFrom('users')
    .select([...userColumns, 'users.password_hash'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function createSession(
  db: Db,
  s: { id: string; userId: string; expiresAt: Date; groupsOverride?: string[] | null; idToken?: string | null },
) {
  await db
    .insertInto('auth_sessions')
    .values({
      id: s.id,
      user_id: s.userId,
      expires_at: s.expiresAt,
      groups_override: s.groupsOverride ?? null,
      id_token: s.idToken ?? null,
    })
    .execute();
}

export async function revokeSession(db: Db, sessionId: string) {
  const r = await db
    .updateTable('auth_sessions')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .returning(['id_token', 'user_id'])
    .executeTakeFirst();
  return r;
}

/**
 * Staff sign-in: the identity provider is the authority for who a staff member is and which groups they hold.
 * Creates the user on first sign-in and refreshes name and groups on every later one.
 */
export async function upsertStaffUser(db: Db, u: { email: string; name: string; groups: string[] }) {
  const existing = await findUserByEmail(db, u.email);
  if (existing) {
    await db
      .updateTable('users')
      .set({ name: u.name || existing.name, idp_groups: u.groups, last_login_at: sql`now()` })
      .where('id', '=', existing.id)
      .execute();
    return { ...existing, idp_groups: u.groups };
  }
  return db
    .insertInto('users')
    .values({ kind: 'staff', email: u.email.toLowerCase(), name: u.name, idp_groups: u.groups, last_login_at: sql`now()` })
    .returning([...userColumns.map((c) => c.replace('users.', '') as 'id'), 'password_hash'])
    .executeTakeFirstOrThrow();
}

export async function recordLoginAttempt(db: Db, a: { email: string; ip: string; succeeded: boolean }) {
  await db.insertInto('login_attempts').values({ email: a.email.toLowerCase(), ip: a.ip, succeeded: a.succeeded }).execute();
}

/** Failed attempts in the window, per e-mail and per address. */
export async function countRecentFailures(db: Db, a: { email: string; ip: string; windowMinutes: number }) {
  const since = sql<Date>`now() - ${`${a.windowMinutes} minutes`}::interval`;
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('login_attempts')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('email', '=', a.email.toLowerCase())
        .where('succeeded', '=', false)
        .where('created_at', '>', since)
        .as('by_email'),
      eb
        .selectFrom('login_attempts')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('ip', '=', a.ip)
        .where('succeeded', '=', false)
        .where('created_at', '>', since)
        .as('by_ip'),
    ])
    .executeTakeFirstOrThrow();
  return { byEmail: Number(row.by_email), byIp: Number(row.by_ip) };
}
