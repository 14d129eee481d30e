import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authoringFixture, type AuthoringFixture, type Who } from './point-authoring.fixtures.test-helpers.js';

let f: AuthoringFixture;
let t: AuthoringFixture['t'];
let ids: AuthoringFixture['ids'];
const call: AuthoringFixture['call'] = (...args) => f.call(...args);

beforeAll(async () => {
  f = await authoringFixture();
  ({ t, ids } = f);
});
afterAll(() => f?.close());

const READS_FOR_AUTHORS = [
  '/api/v1/categoryTitles',
  '/api/v1/inspectionPoints/useCases',
  '/api/v1/inspectionPointOptionGroups?custom=false',
  '/api/v1/inspectionPoints/dropdowns',
  '/api/v1/inspectionPoints/documentTree',
];
const CATALOGUE_READS = ['/api/v1/units', '/api/v1/languages', '/api/v1/translations/productCategories', '/api/v1/applicationoptions', '/api/v1/inspectionPhases'];

describe('reference reads (001 §7)', () => {
  it('answers units, languages (English first), product categories, application options and phases to any signed-in user', async () => {
    for (const who of ['admin', 'inspector', 'distUser'] as Who[]) {
      for (const url of CATALOGUE_READS) expect((await call('GET', url, who)).statusCode, `${who} ${url}`).toBe(200);
    }
    expect((await call('GET', '/api/v1/units', 'inspector')).json()).toEqual([{ id: ids.unit, name: 'Millimetre', symbol: 'mm' }]);
    expect((await call('GET', '/api/v1/languages', 'admin')).json()).toEqual([
      { id: 'en', name: 'English' },
      { id: 'de', name: 'Deutsch' },
      { id: 'fi', name: 'Suomi' },
    ]);
    expect((await call('GET', '/api/v1/translations/productCategories', 'admin')).json()).toEqual([{ id: ids.category, name: 'Crushers', nameTranslationKey: 'cat.crushers' }]);
    expect((await call('GET', '/api/v1/applicationoptions?applicationName=web', 'admin')).json()).toEqual([
      { id: expect.any(String), applicationName: 'web', key: 'defaultLanguage', value: 'en' },
    ]);
    expect((await call('GET', '/api/v1/applicationoptions', 'admin')).json()).toHaveLength(2);
  });

  it('keeps the authoring reads to staff Admins and distributor Managers', async () => {
    for (const url of READS_FOR_AUTHORS) {
      expect((await call('GET', url, 'admin')).statusCode, url).toBe(200);
      expect((await call('GET', url, 'distManager')).statusCode, url).toBe(200);
      expect((await call('GET', url, 'manager')).statusCode, url).toBe(403);
      expect((await call('GET', url, 'distUser')).statusCode, url).toBe(403);
      expect((await call('GET', url, undefined)).statusCode, url).toBe(401);
    }
  });

  it('lists category titles and the default use cases plus those points already carry', async () => {
    expect((await call('GET', '/api/v1/categoryTitles', 'admin')).json()).toEqual([{ id: expect.any(String), text: 'Engine' }, { id: expect.any(String), text: 'Feeder' }]);
    const useCases = (await call('GET', '/api/v1/inspectionPoints/useCases', 'admin')).json();
    expect(useCases.slice(0, 5)).toEqual(['Inspection', 'Audit', 'Commissioning', 'Maintenance', 'Service']);
    expect(useCases).toContain('Rental');
  });

  it('answers the predefined option groups with options in order and their follow-ups; custom=true the custom ones', async () => {
    const groups = (await call('GET', '/api/v1/inspectionPointOptionGroups?custom=false', 'admin')).json();
    expect(groups).toEqual([
      {
        id: ids.group,
        name: 'Condition',
        custom: false,
        options: [
          { id: expect.any(String), index: 0, name: 'Good', comment: null, followUpRangeValue: null },
          {
            id: expect.any(String), index: 1, name: 'Worn', comment: 'Replace soon',
            followUpRangeValue: { id: expect.any(String), index: 0, title: 'Thickness', keyboardType: 'decimal-pad', inputValidationRegexp: null, validationConsequence: 'NoAction', metas: [] },
          },
        ],
      },
    ]);
    expect((await call('GET', '/api/v1/inspectionPointOptionGroups?custom=true', 'admin')).json().map((g: { name: string }) => g.name)).toEqual(['Mine']);
    const bad = await call('GET', '/api/v1/inspectionPointOptionGroups?custom=maybe', 'admin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('custom');
  });

  it('finds existing dropdowns of live points by title, limited, with signed image links', async () => {
    const all = (await call('GET', '/api/v1/inspectionPoints/dropdowns', 'admin')).json();
    expect(all.map((d: { title: string }) => d.title)).toEqual(['Colour', 'Supplier']);
    const supplier = all[1];
    expect(supplier).toMatchObject({ hideImages: false, multiselect: true, inspectionPointName: 'Wear parts' });
    expect(supplier.options.map((o: { title: string }) => o.title)).toEqual(['Original', 'Third-party']);
    expect(supplier.options[0].imageId).toBe(ids.image);
    expect(supplier.options[0].imageUrl).toMatch(new RegExp(`^/api/v1/images/${ids.image}/file\\?expires=\\d+&sig=`));
    expect((await call('GET', '/api/v1/inspectionPoints/dropdowns?search=SUPP', 'admin')).json().map((d: { title: string }) => d.title)).toEqual(['Supplier']);
    expect((await call('GET', '/api/v1/inspectionPoints/dropdowns?limit=1', 'admin')).json()).toHaveLength(1);
    const bad = await call('GET', '/api/v1/inspectionPoints/dropdowns?limit=0', 'admin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('limit');
  });

  it('gives the document picker its tree: categories, subcategories (deeper ones folded in), uncategorized, linked flags', async () => {
    const tree = (await call('GET', '/api/v1/inspectionPoints/documentTree', 'admin')).json();
    expect(tree).toEqual({
      categories: [
        {
          id: ids.docs.manuals,
          name: 'Manuals',
          documents: [{ id: ids.docs.general, name: 'General manual', fileType: 'pdf', fileSize: 2048, linked: true }],
          subCategories: [{ id: ids.docs.crusherManuals, name: 'Crusher manuals', documents: [
            { id: ids.docs.deep, name: 'Deep doc', fileType: 'pdf', fileSize: 10, linked: false },
            { id: ids.docs.jaw, name: 'Jaw manual', fileType: 'pdf', fileSize: 4096, linked: true },
          ] }],
        },
      ],
      uncategorized: [{ id: ids.docs.loose, name: 'Loose note', fileType: 'docx', fileSize: 1, linked: false }],
    });
  });
});

describe('inspection phases', () => {
  it('adds a phase with 201, answers an existing name (any case) with that phase, and refuses an empty Name with 400', async () => {
    const created = await call('POST', '/api/v1/inspectionPhases', 'admin', { Name: '  Warm-up ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(String), name: 'Warm-up' });
    const again = await call('POST', '/api/v1/inspectionPhases', 'distManager', { Name: 'WARM-UP' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(created.json());
    expect((await call('GET', '/api/v1/inspectionPhases', 'inspector')).json().map((p: { name: string }) => p.name)).toEqual(['Preparation', 'Warm-up']);
    const empty = await call('POST', '/api/v1/inspectionPhases', 'admin', { Name: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'Name' });
    expect((await call('POST', '/api/v1/inspectionPhases', 'admin', {})).json()).toMatchObject({ field: 'Name' });
    const trail = await t.db.selectFrom('audit_trail').select(['entity_type', 'action']).where('entity_id', '=', created.json().id).execute();
    expect(trail).toEqual([{ entity_type: 'inspection_phase', action: 'create' }]);
  });

  it('refuses a staff Manager and a distributor User', async () => {
    expect((await call('POST', '/api/v1/inspectionPhases', 'manager', { Name: 'X' })).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/inspectionPhases', 'distUser', { Name: 'X' })).statusCode).toBe(403);
  });
});

describe('route order', () => {
  it('serves the static inspectionPoints/ paths, not inspectionPoints/:id', async () => {
    for (const url of ['/api/v1/inspectionPoints/useCases', '/api/v1/inspectionPoints/dropdowns', '/api/v1/inspectionPoints/documentTree']) {
      const res = await call('GET', url, 'admin');
      expect(res.statusCode, url).toBe(200);
      expect(Array.isArray(res.json()) || 'categories' in res.json(), url).toBe(true);
    }
  });
});
