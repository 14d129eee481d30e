import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPgliteTestApp, signInUsers, type TestApp } from '../../testing/test-app.js';

// The embedded default (PGlite): the plans' trigger on inspections and the date arithmetic run there too.
let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await createPgliteTestApp('insp-plans-pglite-');
  token = (await signInUsers(t, [{ kind: 'staff', email: 'manager@company.example', name: 'Manager', idp_groups: ['manager'] }])).manager!;
}, 60_000);
afterAll(() => t?.close());

it('keeps the last finished inspection of a plan and its due date on PGlite', async () => {
  const customer = await t.db.insertInto('customers').values({ name: 'Quarry', time_zone: 'Europe/Helsinki' }).returning('id').executeTakeFirstOrThrow();
  const machine = await t.db.insertInto('equipment').values({ serial_number: 'PG-1', customer_id: customer.id }).returning('id').executeTakeFirstOrThrow();
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/plans', payload: { equipmentId: machine.id, inspectionType: 'Monthly', startsOn: '2020-01-01' }, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({ dueOn: '2020-01-01', state: 'overdue', timeZone: 'Europe/Helsinki' });
  // 22:30 UTC on 31 December 2023 is 1 January 2024 in Helsinki: due a month later, 1 February.
  const done = await t.db
    .insertInto('inspections')
    .values({ name: 'Monthly', type: 'Monthly', equipment_id: machine.id, inspection_date: new Date('2023-12-31T22:30:00Z'), finished: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const plan = (await t.app.inject({ method: 'GET', url: `/api/v1/plans/${res.json().id}`, headers: { authorization: `Bearer ${token}` } })).json();
  expect(plan).toMatchObject({ lastDoneInspectionId: done.id, dueOn: '2024-02-01' });
});
