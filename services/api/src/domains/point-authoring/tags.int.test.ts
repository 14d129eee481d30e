import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authoringFixture, type AuthoringFixture } from './point-authoring.fixtures.test-helpers.js';

let f: AuthoringFixture;
let ids: AuthoringFixture['ids'];
const call: AuthoringFixture['call'] = (...args) => f.call(...args);
const tagsOf = async (table: 'multiple_choices' | 'range_values', id: string) =>
  (await f.t.db.selectFrom(table).select('tags').where('id', '=', id).executeTakeFirstOrThrow()).tags;

beforeAll(async () => {
  f = await authoringFixture();
  ids = f.ids;
});
afterAll(() => f?.close());

describe('POST api/v1/tags/update (002 /Tags)', () => {
  it("replaces a multiple choice's and a range value's tags: trimmed, empties dropped, repeats (any case) kept once", async () => {
    const mc = await call('POST', '/api/v1/tags/update', 'dev', { type: 0, id: ids.choice, tags: [' guards ', 'Safety', '', 'GUARDS', 'safety '] });
    expect(mc.statusCode, mc.body).toBe(200);
    expect(mc.json()).toEqual({ type: 0, id: ids.choice, tags: ['guards', 'Safety'] });
    expect(await tagsOf('multiple_choices', ids.choice)).toEqual(['guards', 'Safety']);
    const rv = await call('POST', '/api/v1/tags/update', 'dev', { type: 1, id: ids.rangeValue, tags: ['lubrication'] });
    expect(rv.json()).toEqual({ type: 1, id: ids.rangeValue, tags: ['lubrication'] });
    expect(await tagsOf('range_values', ids.rangeValue)).toEqual(['lubrication']);
    // An empty list clears them.
    await call('POST', '/api/v1/tags/update', 'dev', { type: 1, id: ids.rangeValue, tags: [] });
    expect(await tagsOf('range_values', ids.rangeValue)).toEqual([]);
    const trail = await f.t.db.selectFrom('audit_trail').select(['entity_type', 'changes']).where('entity_id', '=', ids.choice).execute();
    expect(trail).toEqual([{ entity_type: 'tags', changes: { type: 0, inspectionPointId: ids.points.safety, before: ['safety'], after: ['guards', 'Safety'] } }]);
  });

  it('answers 404 when the id is not of that type, 400 naming the field for a bad type, id or an over-long tag', async () => {
    expect((await call('POST', '/api/v1/tags/update', 'dev', { type: 1, id: ids.choice, tags: ['x'] })).statusCode).toBe(404);
    const cases: [unknown, string][] = [
      [{ type: 2, id: ids.choice, tags: [] }, 'type'],
      [{ type: 0, id: 'nope', tags: [] }, 'id'],
      [{ type: 0, id: ids.choice, tags: ['ok', 'x'.repeat(101)] }, 'tags.1'],
      [{ type: 0, id: ids.choice }, 'tags'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/api/v1/tags/update', 'dev', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
    expect(await tagsOf('multiple_choices', ids.choice)).toEqual(['guards', 'Safety']);
  });

  it('needs a staff Admin with the Developer flag: an Admin without it, a Manager and a distributor carrying the flag are refused', async () => {
    for (const who of ['admin', 'manager', 'distUser', 'distManager'] as const) {
      expect((await call('POST', '/api/v1/tags/update', who, { type: 0, id: ids.choice, tags: [] })).statusCode, who).toBe(403);
      expect((await call('GET', '/api/v1/tags/points', who)).statusCode, who).toBe(403);
      expect((await call('GET', `/api/v1/tags/points/${ids.points.safety}`, who)).statusCode, who).toBe(403);
    }
    expect((await call('POST', '/api/v1/tags/update', undefined, { type: 0, id: ids.choice, tags: [] })).statusCode).toBe(401);
  });
});

describe('the /Tags screen reads', () => {
  it('lists only live points that have multiple choices or range values, searched by name', async () => {
    expect((await call('GET', '/api/v1/tags/points', 'dev')).json()).toEqual({ result: [{ id: ids.points.safety, name: 'Safety kit', type: 'MultipleChoicesAndRangeValues' }], count: 1 });
    expect((await call('GET', '/api/v1/tags/points?search=KIT', 'dev')).json().count).toBe(1);
    expect((await call('GET', '/api/v1/tags/points?search=oil', 'dev')).json()).toEqual({ result: [], count: 0 });
  });

  it("answers a point's multiple choices and range values with their tags, 404 for a deleted point", async () => {
    expect((await call('GET', `/api/v1/tags/points/${ids.points.safety}`, 'dev')).json()).toEqual({
      id: ids.points.safety,
      name: 'Safety kit',
      multipleChoices: [{ id: ids.choice, title: 'Guards', tags: ['guards', 'Safety'] }],
      rangeValues: [{ id: ids.rangeValue, title: 'Grease (kg)', tags: [] }],
    });
    expect((await call('GET', `/api/v1/tags/points/${ids.points.gone}`, 'dev')).statusCode).toBe(404);
  });
});
