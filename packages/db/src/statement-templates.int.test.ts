import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from './testing/index.js';
import { statementTemplate } from './statement-templates.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insertInto('companies').values([{ name: 'Alpha' }, { name: 'Beta' }, { name: 'Gamma' }]).execute();
});
afterAll(() => t?.destroy());

describe('statement templates', () => {
  it('builds once and runs each call with its own values in their places', async () => {
    let builds = 0;
    const byName = statementTemplate(['name', 'limit'], (v) => {
      builds++;
      return t.db.selectFrom('companies').select('name').where('name', 'like', v.name).where('deleted_at', 'is', null).orderBy('name').limit(v.limit).compile();
    });
    const names = async (name: string, limit: number) => (await t.db.executeQuery<{ name: string }>(byName({ name, limit }))).rows.map((r) => r.name);
    expect(await names('%a%', 10)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await names('B%', 10)).toEqual(['Beta']);
    expect(await names('%', 1)).toEqual(['Alpha']);
    expect(builds).toBe(1);
  });

  it('puts a value used twice in both places', async () => {
    const both = statementTemplate(['p'], (v) => sql<{ n: number }>`select count(*)::int as n from companies where name ilike ${v.p} or name ilike ${v.p}`.compile(t.db));
    expect((await t.db.executeQuery(both({ p: 'gam%' }))).rows[0]).toEqual({ n: 1 });
  });

  it('refuses a build that drops a value, writes it into the SQL text or nests it in a parameter', () => {
    expect(() => statementTemplate(['id', 'name'], (v) => t.db.selectFrom('companies').select('id').where('id', '=', v.id).compile())).toThrow(/'name' is not a parameter/);
    expect(() => statementTemplate(['n'], (v) => sql`select ${sql.raw(String(v.n))}`.compile(t.db))).toThrow();
    expect(() => statementTemplate(['n'], (v) => sql`select ${sql.val([v.n])} as a, ${v.n} as b`.compile(t.db))).toThrow(/nested/);
  });
});
