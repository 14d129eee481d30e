import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { Level, ZProtocolCreate, type Actor } from '@insp/contracts';
import { anonymousContext, createTestApp, type TestApp } from '../../testing/test-app.js';
import { createProtocol } from './protocols-create.service.js';
import { seedProtocolFixtures, type ProtocolFixtures } from './protocols.fixtures.test-helpers.js';

let t: TestApp;
let f: ProtocolFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedProtocolFixtures(t);
});
afterAll(() => t?.close());

const post = (payload: unknown, token = f.tok.admin) => f.call('POST', '/api/v1/inspectionProtocols', token, payload);
const refused = async (payload: unknown, field: string, message?: string) => {
  const res = await post(payload);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ statusCode: 400, field });
  if (message) expect(res.json().message).toContain(message);
};

describe('GET api/v1/inspectionProtocols/types', () => {
  it('offers every protocol type but Custom and CustomPoints, with display names and the specific-groups flag', async () => {
    const res = await f.call('GET', '/api/v1/inspectionProtocols/types', f.tok.admin);
    expect(res.statusCode).toBe(200);
    const types = res.json() as { type: string; name: string; showOnlyToSpecificGroups: boolean; note: string | null }[];
    expect(types.map((x) => x.type)).not.toContain('Custom');
    expect(types.map((x) => x.type)).not.toContain('CustomPoints');
    expect(types.find((x) => x.type === 'Mid_Year')).toEqual({ type: 'Mid_Year', name: 'Mid year', showOnlyToSpecificGroups: false, note: null });
    expect(types.find((x) => x.type === 'Commission')).toMatchObject({ showOnlyToSpecificGroups: true, note: 'This inspection type is only shown to specific groups' });
  });
});

describe('POST api/v1/inspectionProtocols', () => {
  it('creates a protocol with targets, categories, points, dependencies and groups in one go; 201 with the defaults of 001 §9', async () => {
    const p = await f.create();
    expect(p).toMatchObject({
      name: 'Daily for jaws', type: 'Daily', typeName: 'Daily', createdBy: 'Admin', version: 1, rootProtocolId: p.id, supersededAt: null,
      ratingTableLocation: 'Start', showCurrentLoadedHours: true, phasesOn: false, products: ['Jaw JC'],
      categoryGroups: [{ name: 'All', categoryIndices: [0, 1, -1] }],
    });
    // .NET ticks 639 000 000 000 000 000 = 2025-11-29T08:00:00Z.
    expect(new Date(p.date!).toISOString()).toBe('2025-11-29T08:00:00.000Z');
    expect(p.categories.map((c) => [c.title.text, c.itemCount])).toEqual([['General', 2], ['Measurements', 1]]);
    const [comment, radio] = p.categories[0]!.inspectionPoints;
    expect(comment).toMatchObject({ name: 'General remarks', type: 'Comment', pointFound: true, showInReport: true, dependencies: [{ json: { source: 'equipment', field: 'model' } }] });
    expect(radio).toMatchObject({ name: 'Jaw dies wear', showInReport: false });
    expect(p.categories[1]!.inspectionPoints[0]).toMatchObject({ name: 'Crusher setting', measurementTitle: 'CSS', unit: 'mm', sampleIdIndex: 2 });
    expect(p.versions).toEqual([expect.objectContaining({ id: p.id, version: 1, inspectionCount: 0, supersededAt: null })]);
    expect((await f.get(p.id)).categories).toEqual(p.categories);
    const trail = await t.db.selectFrom('audit_trail').select('action').where('entity_id', '=', p.id).execute();
    expect(trail.map((r) => r.action)).toEqual(['create']);
  });

  it('lets a distributor admin create and refuses a staff Manager and a distributor user (403)', async () => {
    expect((await post(f.body({ name: 'By distributor admin' }), f.tok.distAdmin)).statusCode).toBe(201);
    expect((await post(f.body(), f.tok.manager)).statusCode).toBe(403);
    expect((await post(f.body(), f.tok.distUser)).statusCode).toBe(403);
    expect((await f.call('GET', '/api/v1/inspectionProtocols/types', f.tok.manager)).statusCode).toBe(403);
  });

  it('needs a name and a creatable type', async () => {
    await refused(f.body({ name: '  ' }), 'name');
    await refused(f.body({ type: 'Custom' }), 'type');
    await refused(f.body({ type: 'Yearly' }), 'type');
    await refused(f.body({ name: 'a\u0000b' }), 'name', 'control characters');
  });

  it('needs at least one target with a family for the inspection types (Daily … Commissioning)', async () => {
    for (const type of ['Daily', 'Annual', 'Machine_assessment', 'Closed', 'Commissioning']) {
      await refused(f.body({ type, targets: [] }), 'targets', 'at least one target');
    }
    await refused(f.body({ targets: [{ productFamilyId: null, productModelId: null, equipmentId: f.equipment }] }), 'targets.0.productFamilyId');
    await refused(f.body({ targets: [{ productFamilyId: null, productModelId: f.ref.jaw.models.JC100! }] }), 'targets.0.productFamilyId');
  });

  it('refuses targets for the site audit types and takes none', async () => {
    for (const type of ['Audit_Site', 'Audit_Site_Operational', 'Audit_Extra_Points']) {
      await refused(f.body({ type }), 'targets', 'has no targets');
      const p = await f.create({ type, name: `${type} protocol`, targets: [] });
      expect(p.products).toEqual(['Any product']);
    }
  });

  it('takes optional targets for Commission and Equipment_Configurator; a model must belong to its family', async () => {
    expect((await f.create({ type: 'Commission', name: 'Commission, any', targets: [] })).targets).toEqual([]);
    // An Equipment_Configurator protocol takes only Measurement points (001 §5; protocols-point-types.int.test.ts).
    const p = await f.create({
      type: 'Equipment_Configurator', name: 'Configurator JC100', targets: [{ productFamilyId: f.ref.jaw.id, productModelId: f.ref.jaw.models.JC100! }],
      categories: [{ index: 0, title: 'Measurements', inspectionPoints: [{ inspectionPointId: f.points.measure, index: 0 }] }],
    });
    expect(p.products).toEqual(['Jaw JC JC100']);
    await refused(f.body({ targets: [{ productFamilyId: f.ref.cone.id, productModelId: f.ref.jaw.models.JC100! }] }), 'targets.0.productModelId', 'not a model of the product family');
    await refused(f.body({ targets: [{ productFamilyId: crypto.randomUUID() }] }), 'targets.0.productFamilyId', 'not found');
    // The same product twice would be listed twice and counted in 'and N others'.
    await refused(f.body({ targets: [{ productFamilyId: f.ref.jaw.id }, { productFamilyId: f.ref.cone.id }, { productFamilyId: f.ref.jaw.id, productModelId: null }] }), 'targets.2', 'twice');
  });

  it('needs a category, titled categories and subcategories; subcategory titles only for Commission', async () => {
    await refused(f.body({ categories: [] }), 'categories', 'at least one category');
    await refused(f.body({ categories: [{ index: 0, title: ' ', inspectionPoints: [] }] }), 'categories.0.title');
    await refused(f.body({ categories: [{ index: 0, title: 'A', subcategoryTitles: [{ index: 0, title: 'Sub' }] }] }), 'categories.0.subcategoryTitles', 'only Commission');
    await refused(f.body({ type: 'Commission', categories: [{ index: 0, title: 'A', subcategoryTitles: [{ index: 0, title: '' }] }] }), 'categories.0.subcategoryTitles.0.title');
    await refused(f.body({ categories: [{ index: 0, title: 'A' }, { index: 0, title: 'B' }] }), 'categories.1.index');
    // Points are listed by index: two at one index would come out in any order.
    await refused(f.body({ categories: [{ index: 0, title: 'A', inspectionPoints: [{ inspectionPointId: f.points.comment, index: 0 }, { inspectionPointId: f.points.radio, index: 0 }] }] }), 'categories.0.inspectionPoints.1.index', 'used twice');
    await refused(f.body({ categoryGroups: [{ name: 'G', categoryIndices: [7] }] }), 'categoryGroups.0.categoryIndices');
    const p = await f.create({
      type: 'Commission', name: 'Commission with subcategories', targets: [],
      categories: [{ index: 0, title: 'Engine', subcategoryTitles: [{ index: 0, title: 'Oil' }], inspectionPoints: [{ inspectionPointId: f.points.comment, index: 0, subcategoryTitleIndex: 0 }] }],
    });
    expect(p.categories[0]).toMatchObject({ subcategoryTitles: [{ index: 0, title: 'Oil' }], inspectionPoints: [{ subcategoryTitleIndex: 0 }] });
  });

  it('with phases on, needs a phase of the protocol on every point', async () => {
    const phases = [{ id: f.phases.before, order: 0 }, { phaseId: f.phases.after, order: 1 }];
    await refused(f.body({ phasesOn: true, phases }), 'categories.0.inspectionPoints.0.phaseId', 'you need to choose phase for every point before you can create a protocol');
    const withPhases = f.body({ phasesOn: true, phases }) as { categories: { inspectionPoints: { phaseId?: string }[] }[] };
    for (const c of withPhases.categories) for (const p of c.inspectionPoints) p.phaseId = f.phases.after;
    const created = await f.create(withPhases as never);
    expect(created.phases.map((p) => [p.name, p.order])).toEqual([['Before start', 0], ['Running', 1]]);
    expect(created.categories[0]!.inspectionPoints[0]).toMatchObject({ phaseId: f.phases.after, phaseName: 'Running' });
    withPhases.categories[0]!.inspectionPoints[0]!.phaseId = crypto.randomUUID();
    await refused(withPhases, 'categories.0.inspectionPoints.0.phaseId', "not one of the protocol's phases");
  });

  it("refuses a soft-deleted point, and flags a point deleted later 'not found' in the detail", async () => {
    const gone = (await t.db.insertInto('inspection_points').values({ type: 'Comment', name: 'Soon gone', product_category_id: f.ref.categories.crushers.id }).returning('id').executeTakeFirstOrThrow()).id;
    const p = await f.create({ name: 'With a point to delete', categories: [{ index: 0, title: 'A', inspectionPoints: [{ inspectionPointId: gone, index: 0 }] }] });
    await t.db.updateTable('inspection_points').set({ deleted_at: new Date() }).where('id', '=', gone).execute();
    expect((await f.get(p.id)).categories[0]!.inspectionPoints[0]).toMatchObject({ inspectionPointId: gone, pointFound: false, name: null, type: null });
    await refused(f.body({ categories: [{ index: 0, title: 'A', inspectionPoints: [{ inspectionPointId: gone, index: 0 }] }] }), 'categories.0.inspectionPoints.0.inspectionPointId', 'not found');
  });

  it('answers 400, not 500, for numbers beyond the integer columns and unknown reference titles', async () => {
    await refused(f.body({ index: 2 ** 40 }), 'index');
    await refused(f.body({ categories: [{ index: 3_000_000_000, title: 'A' }] }), 'categories.0.index');
    await refused(f.body({ categories: [{ index: 0, title: { id: crypto.randomUUID(), text: 'A' } }] }), 'categories.0.title.id', 'not found');
    const title = (await t.db.insertInto('category_titles').values({ text: 'Engine' }).returning('id').executeTakeFirstOrThrow()).id;
    const p = await f.create({ name: 'Titled', categories: [{ index: 0, title: { id: title, text: 'Engine' } }] });
    expect(p.categories[0]!.title).toEqual({ id: title, text: 'Engine' });
    await refused(f.body({ date: 1e300 }), 'date');
  });

  it('refuses control characters inside dependency JSON (PostgreSQL would refuse \\u0000)', async () => {
    const res = await post(f.body({ categories: [{ index: 0, title: 'A', inspectionPoints: [{ inspectionPointId: f.points.comment, index: 0, dependencies: [{ json: { a: 'x\u0000' } }] }] }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('categories.0.inspectionPoints.0.dependencies.0.json.a');
  });
});

describe('createProtocol queries', () => {
  it('writes a protocol in the same number of queries whatever its number of categories (no query per category)', async () => {
    let queries = 0;
    const counting: KyselyPlugin = { transformQuery: (a) => ((queries += 1), a.node), transformResult: async (a) => a.result };
    const actor: Actor = { userId: f.users.admin!, email: 'admin@company.example', kind: 'staff', level: Level.Admin, flags: [], companyId: null, distributorAdmin: false };
    const ctx = { ...anonymousContext(t), db: t.db.withPlugin(counting), actor };
    const count = async (n: number) => {
      const categories = Array.from({ length: n }, (_, i) => ({
        index: i, title: `C${i}`, subcategoryTitles: [{ index: 0, title: 'S' }],
        inspectionPoints: [{ inspectionPointId: f.points.comment, index: 0, subcategoryTitleIndex: 0, dependencies: [{ json: { i } }] }, { inspectionPointId: f.points.measure, index: 1 }],
      }));
      queries = 0;
      const p = await createProtocol(ctx, ZProtocolCreate.parse(f.body({ type: 'Commission', categories })));
      expect(p.categories).toHaveLength(n);
      expect(p.categories[n - 1]!.inspectionPoints.map((x) => [x.inspectionPointId, x.subcategoryTitleIndex, x.dependencies.map((d) => d.json)])).toEqual([[f.points.comment, 0, [{ i: n - 1 }]], [f.points.measure, null, []]]);
      return queries;
    };
    expect(await count(20)).toBe(await count(2));
  });
});
