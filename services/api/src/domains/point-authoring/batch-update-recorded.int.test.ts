import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReportData } from '@insp/db';
import { jobRegistry, runJob } from '@insp/worker';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedEditFixtures, type EditFixtures } from '../inspections/inspection-edit.fixtures.test-helpers.js';

/** Recorded results never change (issue 9): a batch update renames options in place; last year's report does not follow. */
let t: TestApp;
let f: EditFixtures;
const log = { debug() {}, info() {}, warn() {}, error() {} };

beforeAll(async () => {
  t = await createTestApp();
  f = await seedEditFixtures(t);
});
afterAll(() => t?.close());

describe('a batch update and recorded results', () => {
  it("leaves the option text an inspector picked in the report after the batch renamed that option", async () => {
    const db = t.db;
    const auth = { authorization: `Bearer ${f.tok.admin}` };
    const point = async (name: string) => (await db.insertInto('inspection_points').values({ type: 'Dropdown', name, product_category_id: f.ref.categories.crushers.id }).returning('id').executeTakeFirstOrThrow()).id;
    const picked = await point('Wear parts');
    const source = await point('Hoses');
    const dropdown = (await db.insertInto('dropdowns').values({ inspection_point_id: picked, title: 'Supplier' }).returning('id').executeTakeFirstOrThrow()).id;
    const option = (await db.insertInto('dropdown_options').values({ dropdown_id: dropdown, index: 0, title: 'Third-party' }).returning('id').executeTakeFirstOrThrow()).id;
    const sourceDropdown = (await db.insertInto('dropdowns').values({ inspection_point_id: source, title: 'Brand' }).returning('id').executeTakeFirstOrThrow()).id;
    const sourceOption = (await db.insertInto('dropdown_options').values({ dropdown_id: sourceDropdown, index: 0, title: 'Third-party (non-original)' }).returning('id').executeTakeFirstOrThrow()).id;

    const protocol = await f.protocol(`Batch ${crypto.randomUUID()}`, 'Daily', [['Parts', [picked]]]);
    const id = (await db.insertInto('inspections').values({ name: 'Last year', type: 'Daily', protocol_id: protocol.id, inspection_date: new Date(Date.UTC(2025, 5, 1)) }).returning('id').executeTakeFirstOrThrow()).id;
    const categoryId = (await db.insertInto('inspection_categories').values({ inspection_id: id, protocol_category_id: protocol.categories[0]!, index: 0, title: 'Parts' }).returning('id').executeTakeFirstOrThrow()).id;
    const saved = await t.app.inject({
      method: 'PUT', url: `/api/v1/inspections/${id}/results`, headers: auth,
      payload: { results: [{ categoryId, protocolPointId: protocol.points[picked], content: { dropdowns: [{ dropdownId: dropdown, selectedOptionIds: [option] }] } }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const batch = await t.app.inject({
      method: 'POST', url: '/api/v1/inspectionPoints/dropdownOptions/batchUpdates', headers: auth,
      payload: { sourceDropdownId: sourceDropdown, sourceOptionId: sourceOption, selections: [{ dropdownId: dropdown, optionId: option }] },
    });
    expect(batch.statusCode, batch.body).toBe(202);
    const deps = { db, log, mailer: undefined as never, config: { dataDir: '/tmp', mailFrom: 'x' } };
    await runJob(jobRegistry, deps, 'points.dropdownBatchUpdate', { batchUpdateId: batch.json().batchUpdateId }, { attempt: 1 });
    expect((await db.selectFrom('dropdown_options').select('title').where('id', '=', option).executeTakeFirstOrThrow()).title).toBe('Third-party (non-original)');

    const report = (await loadReportData(db, id, 'en'))!;
    const printed = report.categories.flatMap((c) => c.points).flatMap((p) => p.dropdowns ?? []);
    expect(printed).toMatchObject([{ title: 'Supplier', selected: [{ title: 'Third-party' }] }]);
  });
});
