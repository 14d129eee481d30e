import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsOf, pointFixtures, type PointFixtures } from './inspection-points.fixtures.test-helpers.js';

let f: PointFixtures;
let api: ReturnType<typeof callsOf>;
const ids: Record<string, string> = {};

/** Points inserted directly, with the metas the list filters on. */
beforeAll(async () => {
  f = await pointFixtures();
  api = callsOf(f.t, f.tok);
  const db = f.t.db;
  const point = async (name: string, type: string, metas: [string, string][], category = f.category) => {
    const id = (await db.insertInto('inspection_points').values({ name, type, product_category_id: category }).returning('id').executeTakeFirstOrThrow()).id;
    if (metas.length) await db.insertInto('inspection_point_metas').values(metas.map(([t, value]) => ({ inspection_point_id: id, type: t, value }))).execute();
    ids[name] = id;
  };
  await point('Anywhere comment', 'Comment', []);
  await point('Jaw dies wear', 'RadioButtonSelection', [['ProductFamily', f.ref.jaw.id], ['ProtocolTypesDefined', 'false']]);
  await point('Cone liner', 'Measurement', [['ProductFamily', f.ref.cone.id], ['ProductModel', f.ref.cone.models.HC300!]]);
  await point('Any model check', 'Measurement', [['ProductFamily', f.ref.cone.id], ['AnyProductModel', 'true']]);
  await point('Site access', 'RadioButtonSelection', [['ProtocolTypesDefined', 'true'], ['ProtocolType', 'Audit_Site']]);
  await point('Daily walkaround', 'Comment', [['ProtocolTypesDefined', 'true'], ['ProtocolType', 'Daily'], ['ProtocolType', 'Weekly']]);
  await point('Deck mesh', 'Dropdown', [['ProductFamily', f.ref.deck.id]], f.ref.categories.screens.id);
  await point('Retired point', 'Comment', []);
  await db.updateTable('inspection_points').set({ deleted_at: new Date() }).where('id', '=', ids['Retired point']!).execute();
  await db.insertInto('inspection_point_translations').values([
    { inspection_point_id: ids['Cone liner']!, language_id: 'fi', kind: 'Name', value: 'Kartio' },
    { inspection_point_id: ids['Cone liner']!, language_id: 'de', kind: 'Description', value: 'Kegel', updated_at: new Date(Date.now() - 86_400_000) },
  ]).execute();
  await db.updateTable('inspection_points').set({ description_updated_at: new Date() }).where('id', '=', ids['Cone liner']!).execute();
});
afterAll(() => f?.t.close());

const list = async (query = '') => {
  const res = await api.call('GET', `/api/v1/inspectionPoints/list${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return { names: res.json().map((p: { name: string }) => p.name), total: Number(res.headers['x-total-count']), body: res.json() };
};

describe('GET api/v1/inspectionPoints/list', () => {
  it('answers a JSON array of live points sorted by name, the total in X-Total-Count, with family names and language tags', async () => {
    const all = await list();
    expect(all.names).toEqual(['Any model check', 'Anywhere comment', 'Cone liner', 'Daily walkaround', 'Deck mesh', 'Jaw dies wear', 'Site access']);
    expect(all.total).toBe(7);
    expect(all.body.find((p: any) => p.name === 'Cone liner')).toEqual({
      id: ids['Cone liner'], name: 'Cone liner', type: 'Measurement', productCategoryId: f.category, familyNames: ['Cone HC'],
      languages: [{ languageId: 'de', outdated: true }, { languageId: 'fi', outdated: false }],
    });
    const page = await list('offset=2&amount=2');
    expect([page.names, page.total]).toEqual([['Cone liner', 'Daily walkaround'], 7]);
  });

  it('searches names (contains, any case, several words) and filters by point type and product category', async () => {
    expect((await list('search=WEAR')).names).toEqual(['Jaw dies wear']);
    expect((await list('search=dies%20jaw')).names).toEqual([]);
    expect((await list(`search=${encodeURIComponent('jaw dies')}`)).names).toEqual(['Jaw dies wear']);
    expect((await list('search=100%25')).names).toEqual([]);
    expect((await list('pointTypes=Comment,Dropdown')).names).toEqual(['Anywhere comment', 'Daily walkaround', 'Deck mesh']);
    expect((await list(`productCategoryId=${f.ref.categories.screens.id}`)).names).toEqual(['Deck mesh']);
  });

  it('filters by inspection type: unrestricted points and those naming the type', async () => {
    expect((await list('type=Daily')).names).toEqual(['Any model check', 'Anywhere comment', 'Cone liner', 'Daily walkaround', 'Deck mesh', 'Jaw dies wear']);
    expect((await list('type=Audit_Site')).names).toEqual(['Any model check', 'Anywhere comment', 'Cone liner', 'Deck mesh', 'Jaw dies wear', 'Site access']);
  });

  it('filters by family, model and equipment: unrestricted, any model, or a match', async () => {
    expect((await list(`productFamilyIds=${f.ref.jaw.id}`)).names).toEqual(['Any model check', 'Anywhere comment', 'Daily walkaround', 'Jaw dies wear', 'Site access']);
    expect((await list(`productFamilyIds=${f.ref.cone.id},${f.ref.deck.id}&pointTypes=Measurement,Dropdown`)).names).toEqual(['Any model check', 'Cone liner', 'Deck mesh']);
    expect((await list(`productModelIds=${f.ref.jaw.models.JC100}&pointTypes=Measurement`)).names).toEqual(['Any model check']);
    expect((await list(`productModelIds=${f.ref.cone.models.HC300}&pointTypes=Measurement`)).names).toEqual(['Any model check', 'Cone liner']);
    expect((await list(`equipmentIds=${f.document}&pointTypes=Dropdown`)).names).toEqual(['Deck mesh']);
  });

  it('answers 400 naming the field for a bad id list, point type, category or page size', async () => {
    for (const [query, field] of [['productFamilyIds=abc', 'productFamilyIds'], ['productModelIds=,x', 'productModelIds'], ['equipmentIds=1', 'equipmentIds'],
      ['pointTypes=Comment,Essay', 'pointTypes'], ['productCategoryId=x', 'productCategoryId'], ['amount=0', 'amount'], ['offset=-1', 'offset']]) {
      const res = await api.call('GET', `/api/v1/inspectionPoints/list?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field, query).toBe(field);
    }
  });
});

describe('5,000 points', () => {
  it('a name-sorted page reads the name index and a search uses the trigram index; both answer quickly', async () => {
    await sql`insert into inspection_points (name, type, product_category_id)
      select 'Generated point ' || lpad(g::text, 5, '0'), 'Comment', ${f.category}::uuid from generate_series(1, 5000) g`.execute(f.t.db);
    await sql`insert into inspection_point_metas (inspection_point_id, type, value)
      select id, 'ProductFamily', ${f.ref.jaw.id} from inspection_points where name like 'Generated point %' and right(name, 1) = '7'`.execute(f.t.db);
    await sql`analyze inspection_points`.execute(f.t.db);
    await sql`analyze inspection_point_metas`.execute(f.t.db);
    const plan = async (q: string) =>
      (await sql.raw<{ 'QUERY PLAN': string }>(`explain ${q}`).execute(f.t.db)).rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(await plan(`select id, name from inspection_points p where deleted_at is null order by name asc, id asc limit 200`)).toMatch(/Index (Only )?Scan using inspection_points_name on/);
    // A multi-word search looks up its rarest word through the trigram index (lib/search-words.ts). At 5,000 rows
    // PostgreSQL rightly prefers reading the table; with that made expensive, the trigram index must serve the word.
    const searchPlan = await f.t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const q = `explain select id from inspection_points p where name ilike '%04217%'`;
      return (await sql.raw<{ 'QUERY PLAN': string }>(q).execute(trx)).rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(searchPlan).toMatch(/inspection_points_name_trgm/);

    const t0 = performance.now();
    const first = await list('amount=200');
    const filtered = await list(`amount=200&offset=4000&productFamilyIds=${f.ref.cone.id}`);
    const searched = await list('search=point%2004217');
    const ms = performance.now() - t0;
    expect(first.total).toBe(5007);
    expect(first.names).toHaveLength(200);
    expect(filtered.total).toBe(4500 + 5);
    expect(searched.names).toEqual(['Generated point 04217']);
    expect(ms).toBeLessThan(3000);
  });
});
