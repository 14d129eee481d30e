import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRegistry, runJob, startJobRuntime } from '@insp/worker';
import { authoringFixture, type AuthoringFixture } from './point-authoring.fixtures.test-helpers.js';

let f: AuthoringFixture;
let ids: AuthoringFixture['ids'];
let hoses: { point: string; dropdown: string; original: string; other: string };
const call: AuthoringFixture['call'] = (...args) => f.call(...args);
const log = { debug() {}, info() {}, warn() {}, error() {} };
const similar = (dropdownId: string, optionId: string, who: 'admin' | 'manager' | 'distUser' = 'admin') =>
  call('GET', `/api/v1/inspectionPoints/dropdownsWithSimilarOptions?currentDropdownId=${dropdownId}&currentOptionId=${optionId}`, who);
const BATCH = '/api/v1/inspectionPoints/dropdownOptions/batchUpdates';
const option = (id: string) =>
  f.t.db.selectFrom('dropdown_options').select(['title', 'image_id', 'follow_up_range_value_id', 'batch_update_id']).where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  f = await authoringFixture();
  ids = f.ids;
  const db = f.t.db;
  const point = (await db.insertInto('inspection_points').values({ name: 'Hoses', type: 'Dropdown', product_category_id: ids.category }).returning('id').executeTakeFirstOrThrow()).id;
  const dropdown = (await db.insertInto('dropdowns').values({ inspection_point_id: point, title: 'Brand' }).returning('id').executeTakeFirstOrThrow()).id;
  const [original, other] = (await db.insertInto('dropdown_options').values([{ dropdown_id: dropdown, index: 0, title: 'original' }, { dropdown_id: dropdown, index: 1, title: 'Other' }]).returning('id').execute()).map((r) => r.id);
  hoses = { point, dropdown, original: original!, other: other! };
});
afterAll(() => f?.close());

describe('GET api/v1/inspectionPoints/dropdownsWithSimilarOptions', () => {
  it('lists options with the same title (any case) in the other dropdowns of live points, by point name', async () => {
    const res = await similar(ids.dropdowns.supplier, ids.options.original);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { dropdownId: hoses.dropdown, dropdownName: 'Brand', inspectionPointId: hoses.point, inspectionPointName: 'Hoses', option: { id: hoses.original, title: 'original', imageId: null, batchUpdateDetails: null } },
      { dropdownId: ids.dropdowns.colour, dropdownName: 'Colour', inspectionPointId: ids.points.paint, inspectionPointName: 'Paint', option: { id: ids.options.paintOriginal, title: 'ORIGINAL', imageId: null, batchUpdateDetails: null } },
      { dropdownId: ids.dropdowns.colour, dropdownName: 'Colour', inspectionPointId: ids.points.paint, inspectionPointName: 'Paint', option: { id: ids.options.paintOriginal2, title: 'original', imageId: null, batchUpdateDetails: null } },
    ]);
    expect((await similar(ids.dropdowns.colour, ids.options.red)).json()).toEqual([]);
  });

  it('answers 404 for an option not in that dropdown, 400 naming a malformed id, 403 for a staff Manager and a distributor User', async () => {
    expect((await similar(ids.dropdowns.colour, ids.options.original)).statusCode).toBe(404);
    const bad = await call('GET', `/api/v1/inspectionPoints/dropdownsWithSimilarOptions?currentDropdownId=${ids.dropdowns.colour}&currentOptionId=x`, 'admin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('currentOptionId');
    expect((await similar(ids.dropdowns.supplier, ids.options.original, 'manager')).statusCode).toBe(403);
    expect((await similar(ids.dropdowns.supplier, ids.options.original, 'distUser')).statusCode).toBe(403);
  });
});

describe('POST api/v1/inspectionPoints/dropdownOptions/batchUpdates', () => {
  it('refuses bad input with 400 naming the field and saves nothing', async () => {
    const cases: [unknown, string][] = [
      [{ sourceDropdownId: ids.dropdowns.supplier, sourceOptionId: ids.options.original, selections: [] }, 'selections'],
      [{ sourceDropdownId: ids.dropdowns.supplier, sourceOptionId: ids.options.original, selections: [{ dropdownId: ids.dropdowns.supplier, optionId: ids.options.red }] }, 'selections.0'],
      [{ sourceDropdownId: ids.dropdowns.supplier, sourceOptionId: ids.options.original, selections: [{ dropdownId: ids.dropdowns.colour, optionId: ids.options.red }, { dropdownId: ids.dropdowns.zombie, optionId: ids.options.zombieOriginal }] }, 'selections.1'],
      [{ sourceDropdownId: ids.dropdowns.colour, sourceOptionId: ids.options.original, selections: [{ dropdownId: ids.dropdowns.colour, optionId: ids.options.red }] }, 'sourceOptionId'],
      [{ sourceDropdownId: ids.dropdowns.supplier, sourceOptionId: 'temp-id-1', selections: [{ dropdownId: ids.dropdowns.colour, optionId: ids.options.red }] }, 'sourceOptionId'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', BATCH, 'admin', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
    expect(await f.t.db.selectFrom('dropdown_batch_updates').select('id').execute()).toEqual([]);
  });

  it('refuses a staff Manager and a distributor User', async () => {
    const body = { sourceDropdownId: ids.dropdowns.supplier, sourceOptionId: ids.options.original, selections: [{ dropdownId: ids.dropdowns.colour, optionId: ids.options.red }] };
    expect((await call('POST', BATCH, 'manager', body)).statusCode).toBe(403);
    expect((await call('POST', BATCH, 'distUser', body)).statusCode).toBe(403);
    expect((await call('GET', `${BATCH}/00000000-0000-4000-8000-000000000000`, 'manager')).statusCode).toBe(403);
    expect((await call('GET', `${BATCH}/00000000-0000-4000-8000-000000000000`, 'admin')).statusCode).toBe(404);
  });

  it('changes exactly the selected options (title and follow-up, never the image), skipping locked ones, through the worker', async () => {
    // Batch A locks 'original' of Paint: it copies 'Third-party' and its follow-up there.
    const a = await call('POST', BATCH, 'admin', {
      sourceDropdownId: ids.dropdowns.supplier,
      sourceOptionId: ids.options.thirdParty,
      selections: [{ dropdownId: ids.dropdowns.colour, optionId: ids.options.paintOriginal2 }],
    });
    expect(a.statusCode, a.body).toBe(202);
    expect(a.json()).toMatchObject({ status: 'pending', optionIds: [ids.options.paintOriginal2], skipped: [], title: 'Third-party', completedAt: null });

    // Batch B, saved while A is pending: the option A holds and the source itself are skipped and reported.
    const b = await call('POST', BATCH, 'distManager', {
      sourceDropdownId: ids.dropdowns.supplier,
      sourceOptionId: ids.options.original,
      selections: [
        { dropdownId: ids.dropdowns.colour, optionId: ids.options.paintOriginal },
        { dropdownId: ids.dropdowns.colour, optionId: ids.options.paintOriginal2 },
        { dropdownId: ids.dropdowns.supplier, optionId: ids.options.original },
        { dropdownId: hoses.dropdown, optionId: hoses.original },
        { dropdownId: hoses.dropdown, optionId: hoses.original },
      ],
    });
    expect(b.statusCode, b.body).toBe(202);
    expect(b.json()).toMatchObject({
      status: 'pending',
      optionIds: [ids.options.paintOriginal, hoses.original],
      skipped: [
        { dropdownId: ids.dropdowns.colour, optionId: ids.options.paintOriginal2, reason: 'locked' },
        { dropdownId: ids.dropdowns.supplier, optionId: ids.options.original, reason: 'source' },
      ],
    });
    const batchA = a.json().batchUpdateId;
    const batchB = b.json().batchUpdateId;

    // The dialog shows the locks (001 §2 tooltip), and an option being changed cannot be the source of another batch.
    const locks = (await similar(ids.dropdowns.supplier, ids.options.original)).json();
    expect(locks.map((s: { option: { id: string; batchUpdateDetails: unknown } }) => [s.option.id, s.option.batchUpdateDetails])).toEqual([
      [hoses.original, { batchUpdateId: batchB, status: 'pending' }],
      [ids.options.paintOriginal, { batchUpdateId: batchB, status: 'pending' }],
      [ids.options.paintOriginal2, { batchUpdateId: batchA, status: 'pending' }],
    ]);
    const lockedSource = await call('POST', BATCH, 'admin', { sourceDropdownId: ids.dropdowns.colour, sourceOptionId: ids.options.paintOriginal, selections: [{ dropdownId: ids.dropdowns.colour, optionId: ids.options.red }] });
    expect(lockedSource.statusCode).toBe(409);

    // Queued in the same commit; nothing changed yet.
    const jobs = await f.t.db.selectFrom('outbox').select(['name', 'payload']).where('name', '=', 'points.dropdownBatchUpdate').orderBy('id').execute();
    expect(jobs.map((j) => j.payload)).toEqual([{ batchUpdateId: batchA }, { batchUpdateId: batchB }]);
    expect((await option(ids.options.paintOriginal)).title).toBe('ORIGINAL');

    const untouched = await Promise.all([ids.options.red, ids.options.zombieOriginal, ids.options.original, ids.options.thirdParty, hoses.other].map(option));
    const runtime = await startJobRuntime({ db: f.t.db, dataDir: '/tmp', mailFrom: 'x <x@company.example>', log, runProcessors: true, pollMs: 50 });
    try {
      runtime.kick();
      for (const id of [batchA, batchB]) {
        let status = 'pending';
        for (let i = 0; i < 100 && status === 'pending'; i++) {
          await new Promise((r) => setTimeout(r, 50));
          status = (await call('GET', `${BATCH}/${id}`, 'admin')).json().status;
        }
        expect(status, id).toBe('done');
      }
    } finally {
      await runtime.close();
    }

    const done = (await call('GET', `${BATCH}/${batchB}`, 'admin')).json();
    expect(done).toMatchObject({ status: 'done', optionIds: [ids.options.paintOriginal, hoses.original], completedAt: expect.any(String) });
    // B: the source's title; its image is not copied and it has no follow-up, so the targets have none.
    expect(await option(ids.options.paintOriginal)).toEqual({ title: 'Original', image_id: null, follow_up_range_value_id: null, batch_update_id: batchB });
    expect(await option(hoses.original)).toEqual({ title: 'Original', image_id: null, follow_up_range_value_id: null, batch_update_id: batchB });
    // A: title and a copy of the follow-up (its own row, same content).
    const changed = await option(ids.options.paintOriginal2);
    expect(changed.title).toBe('Third-party');
    expect(changed.follow_up_range_value_id).not.toBe(ids.supplierFollowUp);
    const copy = await f.t.db.selectFrom('follow_up_range_values').select(['title', 'validation_consequence', 'metas']).where('id', '=', changed.follow_up_range_value_id!).executeTakeFirstOrThrow();
    expect(copy).toEqual({ title: 'Part number', validation_consequence: 'PreventReport', metas: [{ type: 'AnyProductModel', value: 'true' }] });
    // Everything not selected is as it was.
    expect(await Promise.all([ids.options.red, ids.options.zombieOriginal, ids.options.original, ids.options.thirdParty, hoses.other].map(option))).toEqual(untouched);

    // Done batches lock nothing: the options can be taken by a new batch.
    const again = await call('POST', BATCH, 'admin', { sourceDropdownId: ids.dropdowns.colour, sourceOptionId: ids.options.red, selections: [{ dropdownId: ids.dropdowns.colour, optionId: ids.options.paintOriginal2 }] });
    expect(again.json()).toMatchObject({ optionIds: [ids.options.paintOriginal2], skipped: [] });
    const trail = await f.t.db.selectFrom('audit_trail').select(['entity_type', 'action']).where('entity_id', '=', batchB).execute();
    expect(trail).toEqual([{ entity_type: 'dropdown_batch_update', action: 'create' }]);
  });

  it('marks a batch failed (releasing its options) when its job fails on its last attempt, and leaves a finished batch alone', async () => {
    const res = await call('POST', BATCH, 'admin', { sourceDropdownId: ids.dropdowns.supplier, sourceOptionId: ids.options.original, selections: [{ dropdownId: ids.dropdowns.colour, optionId: ids.options.red }] });
    const batchId = res.json().batchUpdateId;
    // A follow-up the database refuses (an unknown keyboard type) makes the apply fail.
    await f.t.db
      .updateTable('dropdown_batch_updates')
      .set({ changes: JSON.stringify({ title: 'X', optionIds: [ids.options.red], skipped: [], followUpRangeValue: { index: 0, title: '', keyboardType: 'nope', inputValidationRegexp: null, validationConsequence: 'NoAction', metas: [] } }) })
      .where('id', '=', batchId)
      .execute();
    const deps = { db: f.t.db, log, mailer: undefined as never, config: { dataDir: '/tmp', mailFrom: 'x' } };
    await expect(runJob(jobRegistry, deps, 'points.dropdownBatchUpdate', { batchUpdateId: batchId }, { attempt: 1 })).rejects.toThrow();
    expect((await call('GET', `${BATCH}/${batchId}`, 'admin')).json().status).toBe('pending');
    await expect(runJob(jobRegistry, deps, 'points.dropdownBatchUpdate', { batchUpdateId: batchId }, { attempt: 8 })).rejects.toThrow();
    expect((await call('GET', `${BATCH}/${batchId}`, 'admin')).json().status).toBe('failed');
    expect((await option(ids.options.red)).title).toBe('Red');
    // No longer locked: a new batch may take the option.
    const next = await call('POST', BATCH, 'admin', { sourceDropdownId: ids.dropdowns.supplier, sourceOptionId: ids.options.original, selections: [{ dropdownId: ids.dropdowns.colour, optionId: ids.options.red }] });
    expect(next.json()).toMatchObject({ optionIds: [ids.options.red], skipped: [] });
    // Running a failed batch's job again changes nothing.
    await expect(runJob(jobRegistry, deps, 'points.dropdownBatchUpdate', { batchUpdateId: batchId }, { attempt: 9 })).resolves.toEqual({ applied: 0, status: 'failed' });
  });
});
