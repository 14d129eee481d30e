import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basePoint, callsOf, pointFixtures, type PointFixtures } from './inspection-points.fixtures.test-helpers.js';

/**
 * A batch update that takes an option while the point editor saves it: the save waits for the batch's
 * transaction and then sees the option locked (409 naming the title), instead of renaming it under the batch.
 */
let f: PointFixtures;
let api: ReturnType<typeof callsOf>;
beforeAll(async () => {
  f = await pointFixtures();
  api = callsOf(f.t, f.tok);
});
afterAll(() => f?.t.close());

describe('point save racing a batch update', () => {
  it('does not rename an option a batch update locked while the save was on its way', async () => {
    const res = await api.call('POST', '/api/v1/inspectionPoints', 'admin', basePoint(f, 'Dropdown', { dropdowns: [{ title: 'Supplier', options: [{ title: 'Original' }] }] }));
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    const option = p.dropdowns[0].options[0];

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    // The batch's transaction (as createBatchUpdate writes it): the option points at a pending batch, not yet committed.
    const batch = f.t.db.transaction().execute(async (tx) => {
      const b = (await tx.insertInto('dropdown_batch_updates').values({ changes: JSON.stringify({}) }).returning('id').executeTakeFirstOrThrow()).id;
      await tx.updateTable('dropdown_options').set({ batch_update_id: b }).where('id', '=', option.id).execute();
      locked();
      await held;
    });
    await isLocked;
    const save = api.call('PUT', `/api/v1/inspectionPoints/${p.id}?deleteMissingById=true`, 'admin', {
      ...basePoint(f, 'Dropdown'), dropdowns: [{ ...p.dropdowns[0], options: [{ ...option, title: 'Renamed' }] }],
    });
    await new Promise((r) => setTimeout(r, 300));
    release();
    await batch;
    const saved = await save;
    expect(saved.statusCode, saved.body).toBe(409);
    expect(saved.json().field).toBe('dropdowns[0].options[0].title');
    expect((await f.t.db.selectFrom('dropdown_options').select('title').where('id', '=', option.id).executeTakeFirstOrThrow()).title).toBe('Original');
  });
});
