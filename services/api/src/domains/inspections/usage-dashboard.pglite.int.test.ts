import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZServicedEquipmentQuery, type Actor } from '@insp/contracts';
import { anonymousContext, createPgliteTestApp, type TestApp } from '../../testing/test-app.js';
import { servicedEquipment, usageSummary } from './usage-dashboard.service.js';

// The embedded default (PGlite) reads the zone's calendar and sorts names as PostgreSQL does
// (usage-dashboard.int.test.ts): the same migration 0033 and the same statements.
let t: TestApp;
const NOW = new Date('2026-12-30T10:00:00Z');

beforeAll(async () => {
  t = await createPgliteTestApp('insp-usage-pglite-');
  const db = t.db;
  const cat = await db.insertInto('product_categories').values({ name: 'Surface drills' }).returning('id').executeTakeFirstOrThrow();
  const fam = await db.insertInto('product_families').values({ name: 'Pantera', product_category_id: cat.id }).returning('id').executeTakeFirstOrThrow();
  for (const [name, english, when] of [['beta', 'BETA', '2026-12-27T22:30:00Z'], ['Alpha Oy', 'Alpha Ltd', '2026-11-30T21:59:00Z']] as const) {
    const c = await db.insertInto('customers').values({ name, english_name: english }).returning('id').executeTakeFirstOrThrow();
    const e = await db.insertInto('equipment').values({ customer_id: c.id, product_family_id: fam.id, serial_number: name }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('inspections').values({ name: 'Check', type: 'Daily', equipment_id: e.id, inspection_date: new Date(when) }).execute();
  }
}, 60_000);
afterAll(() => t?.close());

const admin: Actor = { userId: '00000000-0000-4000-8000-000000000001', email: 'a@company.example', kind: 'staff', level: 3, flags: [], companyId: null, distributorAdmin: false };

describe('usage dashboard on PGlite', () => {
  it('counts in the Helsinki calendar and sorts names in the root order', async () => {
    const ctx = { ...anonymousContext(t), actor: admin };
    const { result } = await servicedEquipment(ctx, ZServicedEquipmentQuery.parse({ timeZone: 'Europe/Helsinki' }), NOW);
    expect(result.map((r) => [r.customerName, r.totalNumberOfEquipment, r.serviceData])).toEqual([
      ['Alpha Oy', 1, { lastWeek: 0, lastMonth: 0, lastYear: 1 }],
      ['beta', 1, { lastWeek: 1, lastMonth: 1, lastYear: 1 }],
    ]);
    const summary = await usageSummary(ctx, { timeZone: 'Europe/Helsinki' }, NOW);
    expect(summary.periods.week).toEqual({ from: Date.parse('2026-12-27T22:00:00Z'), to: Date.parse('2027-01-03T22:00:00Z') });
  });
});
