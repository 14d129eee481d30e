import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basePoint, callsOf, pointFixtures, type PointFixtures } from './inspection-points.fixtures.test-helpers.js';

/** Input the schema alone lets through but the point cannot take: a 400 naming the field, nothing written. */
let f: PointFixtures;
let api: ReturnType<typeof callsOf>;
beforeAll(async () => {
  f = await pointFixtures();
  api = callsOf(f.t, f.tok);
});
afterAll(() => f?.t.close());

const pointCount = async () => Number((await f.t.db.selectFrom('inspection_points').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('inspection point input bounds', () => {
  it('refuses more options in one point than an editor can show (each is a row written in the request) with 400 naming the list', async () => {
    const before = await pointCount();
    const dropdowns = Array.from({ length: 11 }, (_, i) => ({ title: `D${i}`, options: Array.from({ length: 500 }, (_, j) => ({ title: `O${j}` })) }));
    const res = await api.call('POST', '/api/v1/inspectionPoints', 'admin', basePoint(f, 'Dropdown', { dropdowns }));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json().field).toBe('dropdowns');
    const choices = Array.from({ length: 30 }, (_, i) => ({ title: `C${i}`, options: Array.from({ length: 200 }, (_, j) => ({ title: `O${j}` })) }));
    const res2 = await api.call('POST', '/api/v1/inspectionPoints', 'admin', basePoint(f, 'MultipleChoices', { multipleChoices: choices }));
    expect(res2.statusCode, res2.body.slice(0, 300)).toBe(400);
    expect(res2.json().field).toBe('multipleChoices');
    expect(await pointCount()).toBe(before);
  });

  it("refuses an update whose body names another point's id (400 id), as generalfields does", async () => {
    const a = (await api.call('POST', '/api/v1/inspectionPoints', 'admin', basePoint(f, 'Comment', { name: 'A' }))).json();
    const b = (await api.call('POST', '/api/v1/inspectionPoints', 'admin', basePoint(f, 'Comment', { name: 'B' }))).json();
    const res = await api.call('PUT', `/api/v1/inspectionPoints/${a.id}?deleteMissingById=true`, 'admin', { ...basePoint(f, 'Comment', { name: 'A renamed' }), id: b.id });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe('id');
    const same = await api.call('PUT', `/api/v1/inspectionPoints/${a.id}?deleteMissingById=true`, 'admin', { ...basePoint(f, 'Comment', { name: 'A renamed' }), id: a.id });
    expect(same.statusCode, same.body).toBe(200);
  });
});
