import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { down, up } from './20261127_0058_user_list_kept_values.js';

/**
 * Migration 0058: `user_counts` and `users.product_category_ids` are what the distributors list reads instead of
 * counting and of a subquery per row, so they must always say what counting and the subquery would.
 */
let t: TestDatabase;
const ALL = '00000000-0000-0000-0000-000000000000';

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.destroy());

/** user_counts as kept, and as counted from users now: the same rows. */
async function keptAndCounted() {
  const kept = await sql<{ kind: string; company_key: string; n: number }>`
    select kind, company_key, n::int as n from user_counts where n <> 0 order by 1, 2`.execute(t.db);
  const counted = await sql<{ kind: string; company_key: string; n: number }>`
    select kind, company_key, n::int as n from (
      select kind, ${ALL}::uuid as company_key, count(*) as n from users where deleted_at is null group by kind
      union all
      select kind, company_id, count(*) from users where deleted_at is null and company_id is not null group by kind, company_id
    ) c order by 1, 2`.execute(t.db);
  return { kept: kept.rows, counted: counted.rows };
}

/** Each user's kept category ids, and the ids its user_product_categories rows hold, sorted. */
async function categoryIds() {
  const rows = await sql<{ id: string; kept: string[]; linked: string[] }>`
    select u.id, u.product_category_ids as kept,
      coalesce((select array_agg(product_category_id order by product_category_id) from user_product_categories where user_id = u.id), '{}') as linked
    from users u order by u.id`.execute(t.db);
  return rows.rows;
}

describe('kept distributor counts (user_counts)', () => {
  it('follow every way a user is added, moved, deleted and brought back', async () => {
    const db = t.db;
    const [a, b] = (await db.insertInto('companies').values([{ name: 'Alpha' }, { name: 'Beta' }]).returning('id').execute()).map((r) => r.id);
    const users = await db
      .insertInto('users')
      .values([
        { kind: 'distributor', email: 'a1@alpha.example', company_id: a },
        { kind: 'distributor', email: 'a2@alpha.example', company_id: a },
        { kind: 'distributor', email: 'b1@beta.example', company_id: b },
        { kind: 'distributor', email: 'none@nowhere.example' },
        { kind: 'staff', email: 's1@company.example' },
      ])
      .returning('id')
      .execute();
    const [a1, a2, b1, none, s1] = users.map((u) => u.id) as [string, string, string, string, string];
    const expectSame = async () => {
      const { kept, counted } = await keptAndCounted();
      expect(kept).toEqual(counted);
    };
    await expectSame();
    expect((await keptAndCounted()).kept).toContainEqual({ kind: 'distributor', company_key: ALL, n: 4 });

    await db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', a1).execute(); // soft delete
    await expectSame();
    await db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', a1).execute(); // again: no change
    await expectSame();
    await db.updateTable('users').set({ deleted_at: null }).where('id', '=', a1).execute(); // brought back
    await expectSame();
    await db.updateTable('users').set({ company_id: b }).where('id', '=', a2).execute(); // moved
    await db.updateTable('users').set({ company_id: a }).where('id', '=', none).execute(); // given a company
    await db.updateTable('users').set({ company_id: null }).where('id', '=', b1).execute(); // company taken away
    await expectSame();
    await db.updateTable('users').set({ kind: 'distributor', company_id: a }).where('id', '=', s1).execute(); // another kind
    await db.updateTable('users').set({ name: 'Renamed', last_login_at: new Date() }).where('id', '=', a1).execute(); // nothing counted
    await expectSame();
    await db.deleteFrom('users').where('id', '=', b1).execute(); // deleted for real
    await db.updateTable('users').set({ deleted_at: new Date() }).where('company_id', '=', a).execute(); // many at once
    await expectSame();
    // a truncate (no row triggers) makes them again
    await sql`truncate users cascade`.execute(db);
    await db.insertInto('users').values({ kind: 'distributor', email: 'after@truncate.example', company_id: a }).execute();
    await expectSame();
    expect((await keptAndCounted()).kept).toEqual([
      { kind: 'distributor', company_key: ALL, n: 1 },
      { kind: 'distributor', company_key: a, n: 1 },
    ].sort((x, y) => x.company_key.localeCompare(y.company_key)));
    // a load that bypassed the trigger is put right by the refresh
    await sql`delete from user_counts`.execute(db);
    await sql`select refresh_user_counts()`.execute(db);
    await expectSame();
  });
});

describe('kept category ids (users.product_category_ids)', () => {
  it('follow the user_product_categories rows, sorted, through inserts, deletes, moves and a deleted category', async () => {
    const db = t.db;
    const categories = (await db.insertInto('product_categories').values([{ name: 'Crushers' }, { name: 'Screens' }, { name: 'Drills' }]).returning('id').execute()).map((r) => r.id);
    const [u1, u2] = (
      await db.insertInto('users').values([{ kind: 'distributor', email: 'c1@cat.example' }, { kind: 'distributor', email: 'c2@cat.example' }]).returning('id').execute()
    ).map((r) => r.id) as [string, string];
    const expectSame = async () => {
      for (const row of await categoryIds()) expect(row.kept, row.id).toEqual(row.linked);
    };
    await db.insertInto('user_product_categories').values(categories.map((product_category_id) => ({ user_id: u1, product_category_id }))).execute();
    await expectSame();
    const mine = (await categoryIds()).find((r) => r.id === u1)!;
    expect(mine.kept).toEqual([...categories].sort());
    await db.deleteFrom('user_product_categories').where('user_id', '=', u1).where('product_category_id', '=', categories[1]!).execute();
    await db.updateTable('user_product_categories').set({ user_id: u2 }).where('user_id', '=', u1).where('product_category_id', '=', categories[0]!).execute();
    await expectSame();
    await db.deleteFrom('product_categories').where('id', '=', categories[2]!).execute(); // cascades to the links
    await expectSame();
    expect((await categoryIds()).find((r) => r.id === u1)!.kept).toEqual([]);
    expect((await categoryIds()).find((r) => r.id === u2)!.kept).toEqual([categories[0]]);
    await db.deleteFrom('users').where('id', '=', u2).execute(); // its links go with it
    await expectSame();
  });
});

describe('the migration', () => {
  it('fills both from the rows already there when it runs', async () => {
    const db = t.db;
    const [category] = (await db.insertInto('product_categories').values([{ name: 'Washers' }]).returning('id').execute()).map((r) => r.id);
    await down(db);
    const [user] = (await db.insertInto('users').values([{ kind: 'distributor', email: 'before@migration.example' }]).returning('id').execute()).map((r) => r.id);
    await db.insertInto('user_product_categories').values({ user_id: user!, product_category_id: category! }).execute();
    await up(db);
    const { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);
    expect((await categoryIds()).find((r) => r.id === user)!.kept).toEqual([category]);
  });
});
