import { randomUUID } from 'node:crypto';
import type { TestApp } from '../testing/test-app.js';
import { isType, type Schema } from './openapi-sweep.test-helpers.js';

/** The extreme values both sweeps send (REST: extreme-values.int.test.ts, tRPC: ../trpc-extreme-values.int.test.ts). */
const LONG = 'x'.repeat(100_000);
// Year 10000 both ways, year 0 (PostgreSQL has none) and a day no month has; then the first and last day a date
// field takes (a due date computed from them must not overflow either).
const BAD_DATES = ['+010000-01-01T00:00:00Z', '10000-01-01', '0000-01-01', '2026-02-30'];
const EDGE_DATES = ['0001-01-01', '9999-12-31'];
// A free string named like a date may take epoch milliseconds: beyond what a Date holds (8.64e15), and a negative one.
const BAD_INSTANTS = ['99999999999999999999', '8640000000000001', '-1'];
const DATE_LIKE = /(date|start|stop|since|until|On|At)$/;

/**
 * The values to try in a field of schema `s` (its first non-null option) named `name`, and whether each is outside it:
 * the list above, the schema's own bounds (which must be safe to store) and each bound just outside.
 */
export function extremes(s: Schema, name: string): Array<{ value: unknown; outside: boolean }> {
  if (s.const !== undefined || s.enum) return [];
  if (isType(s, 'integer') || isType(s, 'number')) {
    const integer = isType(s, 'integer') && !isType(s, 'number');
    const values = [2147483648, -2147483649, 1e308, -1, ...(integer ? [0.5] : [])];
    const step = integer ? 1 : 0.001;
    for (const bound of [s.maximum, s.minimum, s.maximum !== undefined ? s.maximum + step : undefined, s.minimum !== undefined ? s.minimum - step : undefined]) {
      if (bound !== undefined && Number.isFinite(bound) && !values.includes(bound)) values.push(bound);
    }
    return values.map((value) => ({
      value,
      outside:
        (integer && !Number.isInteger(value)) ||
        (s.maximum !== undefined && value > s.maximum) ||
        (s.minimum !== undefined && value < s.minimum) ||
        (s.exclusiveMaximum !== undefined && value >= s.exclusiveMaximum) ||
        (s.exclusiveMinimum !== undefined && value <= s.exclusiveMinimum),
    }));
  }
  if (!isType(s, 'string')) return [];
  const pattern = s.pattern ? new RegExp(s.pattern, 'u') : undefined;
  const outside = (v: string) =>
    (s.maxLength !== undefined && v.length > s.maxLength) || (s.minLength !== undefined && v.length < s.minLength) || (pattern !== undefined && !pattern.test(v));
  if (s.format === 'uuid') return [{ value: 'not-a-uuid', outside: true }, { value: randomUUID(), outside: false }];
  const values: Array<{ value: string; outside: boolean }> = [{ value: LONG, outside: outside(LONG) }];
  // The longest value the field takes, and one more character.
  if (s.maxLength !== undefined && s.maxLength < LONG.length) {
    for (const v of ['x'.repeat(s.maxLength), 'x'.repeat(s.maxLength + 1)]) values.push({ value: v, outside: outside(v) });
  }
  if (s.format === 'date' || s.format === 'date-time' || DATE_LIKE.test(name)) {
    const dated = s.format === 'date' || s.format === 'date-time';
    values.push(...BAD_DATES.map((value) => ({ value, outside: dated || outside(value) })), ...EDGE_DATES.map((value) => ({ value, outside: outside(value) })));
    if (!dated) values.push(...BAD_INSTANTS.map((value) => ({ value, outside: outside(value) })));
  }
  if (/Ids?$/.test(name)) values.push({ value: 'not-a-uuid', outside: outside('not-a-uuid') }, { value: randomUUID(), outside: outside(randomUUID()) });
  return values;
}

/**
 * Rows deeper than createSweepApp's (a protocol with a point, an inspection, a plan, an action, an audit), their ids
 * added to `ids`, so that a value gets past "no such plan" to the statement that stores it.
 */
export async function addDeeperRows(t: TestApp, ids: Record<string, string>) {
  const db = t.db;
  const one = async (q: { executeTakeFirstOrThrow(): Promise<{ id: string }> }) => (await q.executeTakeFirstOrThrow()).id;
  const admin = (ids.admin = await one(db.selectFrom('users').select('id').where('email', '=', 'admin@company.example')));
  await db.updateTable('equipment').set({ product_family_id: ids.family, customer_site_id: ids.site }).where('id', '=', ids.equipment!).execute();
  ids.point = await one(db.insertInto('inspection_points').values({ product_category_id: ids.category!, type: 'Comment', name: 'Remarks' }).returning('id'));
  ids.protocol = await one(db.insertInto('protocols').values({ name: 'Daily check', type: 'Daily' }).returning('id'));
  await db.insertInto('protocol_targets').values({ protocol_id: ids.protocol, product_family_id: ids.family }).execute();
  const section = await one(db.insertInto('protocol_categories').values({ protocol_id: ids.protocol, index: 0, title: 'General' }).returning('id'));
  ids.protocolPoint = await one(db.insertInto('protocol_points').values({ protocol_id: ids.protocol, protocol_category_id: section, inspection_point_id: ids.point, index: 0 }).returning('id'));
  ids.inspection = await one(
    db.insertInto('inspections').values({
      name: 'Daily check', type: 'Daily', protocol_id: ids.protocol, customer_id: ids.customer, customer_site_id: ids.site, equipment_id: ids.equipment!, serial_number: 'SN-1',
      product_family_id: ids.family, inspection_date: new Date(Date.UTC(2026, 0, 5)), status: 'In_Use', inspector_user_id: admin, created_by_user_id: admin,
    } as never).returning('id'),
  );
  ids.inspectionCategory = await one(db.insertInto('inspection_categories').values({ inspection_id: ids.inspection, protocol_category_id: section, index: 0, title: 'General' }).returning('id'));
  ids.plan = await one(db.insertInto('inspection_plans').values({ equipment_id: ids.equipment!, inspection_type: 'Daily', protocol_id: ids.protocol, starts_on: new Date(Date.UTC(2026, 0, 31)) }).returning('id'));
  ids.action = await one(db.insertInto('follow_up_actions').values({ equipment_id: ids.equipment!, inspection_id: ids.inspection, reason: 'Repair', point_name: 'Remarks' }).returning('id'));
  ids.audit = await one(db.insertInto('audits').values({ name: 'Site audit', inspection_date: new Date(Date.UTC(2026, 2, 1)), customer_id: ids.customer, customer_site_id: ids.site, inspector_user_id: admin, created_by_user_id: admin }).returning('id'));
}

/**
 * Sends every case, a group (a route, a procedure) at a time after `prepare(group)`, 16 requests at once (thousands one
 * by one outlast the timeout on a busy machine), and answers one line per case `fault` finds wrong, labelled.
 */
export async function sweepFaults<C, R extends { statusCode: number; body: string }>(
  cases: C[],
  groupOf: (c: C) => string,
  steps: { prepare: (group: string) => Promise<void>; send: (c: C) => Promise<R>; fault: (c: C, res: R) => string | undefined | null | false; label: (c: C) => string },
): Promise<string[]> {
  const wrong: string[] = [];
  const groups = new Map<string, C[]>();
  for (const c of cases) groups.set(groupOf(c), [...(groups.get(groupOf(c)) ?? []), c]);
  for (const [group, list] of groups) {
    await steps.prepare(group);
    for (let i = 0; i < list.length; i += 16) {
      await Promise.all(
        list.slice(i, i + 16).map(async (c) => {
          const res = await steps.send(c);
          const why = steps.fault(c, res);
          if (why) wrong.push(`${steps.label(c)}: ${why}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        }),
      );
    }
  }
  return wrong;
}

/**
 * Puts addDeeperRows' rows back as a call expects them (an earlier call with a value in range may have closed or
 * deleted them): the action open, or proposed for accept/dismiss; the inspection in use; the audit unfinished; the
 * plan not deleted. (A proposal of an inspection in progress is recomputed from its results when read: ours, of
 * none, goes away.)
 */
export async function restoreDeeperRows(t: TestApp, ids: Record<string, string>, proposed: boolean) {
  const action = { state: proposed ? 'proposed' : 'open', assignee_user_id: null, due_on: null, decided_at: proposed ? null : new Date() };
  await t.db
    .insertInto('follow_up_actions')
    .values({ id: ids.action!, equipment_id: ids.equipment!, inspection_id: ids.inspection!, reason: 'Repair', point_name: 'Remarks', ...action })
    .onConflict((oc) => oc.column('id').doUpdateSet(action))
    .execute();
  await t.db.updateTable('inspections').set({ status: 'In_Use', deleted_at: null }).where('id', '=', ids.inspection!).execute();
  await t.db.updateTable('audits').set({ finished: false, deleted_at: null }).where('id', '=', ids.audit!).execute();
  await t.db.updateTable('inspection_plans').set({ deleted_at: null }).where('id', '=', ids.plan!).execute();
}
