import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authoringFixture, type AuthoringFixture } from './point-authoring.fixtures.test-helpers.js';

let f: AuthoringFixture;
let ids: AuthoringFixture['ids'];

beforeAll(async () => {
  f = await authoringFixture();
  ids = f.ids;
});
afterAll(() => f?.close());

const data = (res: { json(): { result: { data: unknown } } }) => res.json().result.data;

/** Every procedure with a valid input; `catalogue` ones are open to any signed-in user, `tags` need P.tags. */
const procedures = (): { kind: 'query' | 'mutation'; path: string; input?: unknown; rule: 'catalogue' | 'authoring' | 'tags' }[] => [
  { kind: 'query', path: 'units', rule: 'catalogue' },
  { kind: 'query', path: 'languages', rule: 'catalogue' },
  { kind: 'query', path: 'productCategories', rule: 'catalogue' },
  { kind: 'query', path: 'applicationOptions', input: {}, rule: 'catalogue' },
  { kind: 'query', path: 'inspectionPhases', rule: 'catalogue' },
  { kind: 'query', path: 'categoryTitles', rule: 'authoring' },
  { kind: 'query', path: 'useCases', rule: 'authoring' },
  { kind: 'query', path: 'optionGroups', input: { custom: false }, rule: 'authoring' },
  { kind: 'query', path: 'dropdowns', input: { search: 'sup' }, rule: 'authoring' },
  { kind: 'query', path: 'documentTree', rule: 'authoring' },
  { kind: 'query', path: 'similarOptions', input: { currentDropdownId: ids.dropdowns.supplier, currentOptionId: ids.options.original }, rule: 'authoring' },
  { kind: 'query', path: 'batchUpdate', input: { id: '00000000-0000-4000-8000-000000000000' }, rule: 'authoring' },
  { kind: 'mutation', path: 'createInspectionPhase', input: { Name: 'Cool-down' }, rule: 'authoring' },
  { kind: 'mutation', path: 'createLimits', input: [{ inspectionPointId: ids.points.oil, productFamilyId: ids.family, high: 1 }], rule: 'authoring' },
  { kind: 'mutation', path: 'saveLimits', input: [{ inspectionPointId: ids.points.oil, productFamilyId: ids.family, high: 2 }], rule: 'authoring' },
  { kind: 'mutation', path: 'updateTranslations', input: { id: ids.points.oil, kind: 'Name', items: [{ translationLanguage: 'fi', translationText: 'Öljy' }] }, rule: 'authoring' },
  { kind: 'query', path: 'pointTextTranslations', input: { id: ids.points.safety }, rule: 'authoring' },
  { kind: 'mutation', path: 'updatePointTextTranslations', input: { id: ids.points.safety, items: [{ kind: 'choice', id: ids.choice, language: 'de', text: 'Schutz' }] }, rule: 'authoring' },
  { kind: 'query', path: 'categoryTitleTranslations', rule: 'authoring' },
  { kind: 'mutation', path: 'updateCategoryTitleTranslations', input: { items: [] }, rule: 'authoring' },
  { kind: 'mutation', path: 'createBatchUpdate', input: { sourceDropdownId: ids.dropdowns.colour, sourceOptionId: ids.options.red, selections: [{ dropdownId: ids.dropdowns.supplier, optionId: ids.options.thirdParty }] }, rule: 'authoring' },
  { kind: 'query', path: 'tagPoints', input: {}, rule: 'tags' },
  { kind: 'query', path: 'tagTargets', input: { pointId: ids.points.safety }, rule: 'tags' },
  { kind: 'mutation', path: 'updateTags', input: { type: 0, id: ids.choice, tags: ['a'] }, rule: 'tags' },
];

describe('tRPC pointAuthoring.*', () => {
  it('refuses a staff Manager and a distributor User what needs P.authoring, and everyone but Developer Admins the tags', async () => {
    // Who passes each rule among a staff Manager, a distributor User and a distributor Manager.
    const passes = { catalogue: ['manager', 'distUser', 'distManager'], authoring: ['distManager'], tags: [] as string[] };
    for (const p of procedures()) {
      for (const who of ['manager', 'distUser', 'distManager'] as const) {
        const res = await f.trpc(p.kind, p.path, p.input, who);
        // The batch asked for does not exist: an allowed caller learns that (404), the others only the refusal.
        const allowedStatus = p.path === 'batchUpdate' ? 404 : 200;
        expect(res.statusCode, `${who} ${p.path} ${res.body}`).toBe(passes[p.rule].includes(who) ? allowedStatus : 403);
      }
      expect((await f.trpc(p.kind, p.path, p.input, undefined)).statusCode, p.path).toBe(401);
    }
  });

  it('answers the same as REST and names the field of bad input', async () => {
    expect(data(await f.trpc('query', 'units', undefined, 'admin'))).toEqual((await f.call('GET', '/api/v1/units', 'admin')).json());
    expect(data(await f.trpc('query', 'languages', undefined, 'admin'))).toEqual([{ id: 'en', name: 'English' }, { id: 'de', name: 'Deutsch' }, { id: 'fi', name: 'Suomi' }]);
    const translations = data(await f.trpc('mutation', 'updateTranslations', { id: ids.points.oil, kind: 'Description', items: [{ translationLanguage: 'de', translationText: 'Öl messen' }] }, 'admin'));
    expect(translations).toEqual([{ id: expect.any(String), name: 'de', value: 'Öl messen', updated: expect.any(String), outdated: false }]);
    const en = await f.trpc('mutation', 'updateTranslations', { id: ids.points.oil, kind: 'Name', items: [{ translationLanguage: 'en', translationText: 'Oil' }] }, 'admin');
    expect(en.statusCode).toBe(400);
    expect(en.json().error.data.field).toBe('0.translationLanguage');
    const badKind = await f.trpc('mutation', 'updateTranslations', { id: ids.points.oil, kind: 'Title', items: [] }, 'admin');
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().error.data.field).toBe('kind');
    expect(data(await f.trpc('query', 'tagTargets', { pointId: ids.points.safety }, 'dev'))).toMatchObject({ name: 'Safety kit', multipleChoices: [{ id: ids.choice }] });
  });
});
