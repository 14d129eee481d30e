import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from './app-router.js';
import { createSweepApp, isType, type Path, type Schema, schemaWalk, withValueAt } from './rest/openapi-sweep.test-helpers.js';
import type { TestApp } from './testing/test-app.js';

/**
 * The tRPC side of the extreme-values sweep (rest/extreme-values.int.test.ts; docs/decisions.md, "Extreme input
 * values"): every procedure of appRouter, signed in as an admin with every flag, is called over HTTP through the
 * app's /trpc endpoint (queries as GET with `input` in the query string, mutations as POST, non-batched) with its
 * input's zod schema turned into JSON schema and walked by the REST sweep's schemaWalk: once with a valid input and
 * then one field at a time with values a naive check would pass (beyond int4, 1e308, -1, 0.5, the schema's own
 * bounds just outside and at them, 100 000 characters, not-a-uuid and an id of no row, dates of year 0 / 10000 /
 * 30 February). No answer may be an INTERNAL_SERVER_ERROR or any 5xx; a value outside the field's own schema must be
 * a BAD_REQUEST (400) whose `data.field` and message name the field's path. Procedures added later are covered
 * without touching this file.
 */
let t: TestApp;
let auth: { authorization: string };
let ids: Record<string, string> = {};

/**
 * Left out, as they would break the rest of the run: auth.logout ends the admin's own session (every later call would
 * be UNAUTHORIZED). The admin is never deleted nor demoted: staffAccounts.* name the staff user, not the admin.
 */
const SKIPPED = new Set(['auth.logout']);

beforeAll(async () => {
  ({ t, auth, ids } = await createSweepApp());
  // The same deeper rows as the REST sweep, so that a value gets past "no such plan" to the statement that stores it.
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
  // A machine run on the audit, for the procedures that name one (runId), added as the web app adds it.
  const machine = await one(db.insertInto('protocols').values({ name: 'Machine audit', type: 'Audit_Machine' }).returning('id'));
  const machineSection = await one(db.insertInto('protocol_categories').values({ protocol_id: machine, index: 0, title: 'Crusher' }).returning('id'));
  ids.runPoint = await one(db.insertInto('protocol_points').values({ protocol_id: machine, protocol_category_id: machineSection, inspection_point_id: ids.point, index: 0 }).returning('id'));
  const post = (procedure: string, input: unknown) =>
    t.app.inject({ method: 'POST', url: `/trpc/${procedure}`, headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
  const added = await post('audits.addRun', { id: ids.audit, data: { protocolRunType: 'Audit_Machine:stage_1', protocolId: machine, equipment: { id: ids.equipment } } });
  expect(added.statusCode, added.body).toBe(200);
  ids.run = await one(db.selectFrom('inspections').select('id').where('audit_id', '=', ids.audit));
  // And a result at its point, for those that name one (resultId).
  const result = await post('audits.createResult', { id: ids.audit, runId: ids.run, pointId: ids.runPoint, data: { comment: 'Checked' } });
  expect(result.statusCode, result.body).toBe(200);
  ids.result = await one(db.selectFrom('inspection_point_results').select('id').where('inspection_id', '=', ids.run));
});
afterAll(() => t?.close());

const LONG = 'x'.repeat(100_000);
// As in the REST sweep: year 10000 both ways, year 0, a day no month has; then the first and last day a date takes.
const BAD_DATES = ['+010000-01-01T00:00:00Z', '10000-01-01', '0000-01-01', '2026-02-30'];
const EDGE_DATES = ['0001-01-01', '9999-12-31'];
const BAD_INSTANTS = ['99999999999999999999', '8640000000000001', '-1'];
const DATE_LIKE = /(date|start|stop|since|until|On|At)$/;

/**
 * The values to try in a field of schema `s` named `name`, and whether each is outside it: the REST sweep's list
 * (kept in its test file, which cannot be imported without running it), plus each bound just outside.
 */
function extremes(s: Schema, name: string): Array<{ value: unknown; outside: boolean }> {
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

// The row an `id` names, by the router the procedure is in.
const ID_BY_ROUTER: Record<string, string> = {
  customers: 'customer', equipment: 'equipment', plans: 'plan', actions: 'action', productFamilies: 'family', externalUsers: 'externalUser',
  certifiedUsers: 'certifiedUser', staffAccounts: 'staff', inspections: 'inspection', inspectionEdit: 'inspection', inspectionReports: 'inspection',
  protocols: 'protocol', audits: 'audit', inspectionPoints: 'point', offline: 'inspection',
};
const fieldIds = (procedure: string) => (name: string): string | undefined =>
  procedure.startsWith('audits.') && (name === 'pointId' || name === 'resultId')
    ? ids[name === 'pointId' ? 'runPoint' : 'result']
    : name === 'id'
    ? ids[ID_BY_ROUTER[procedure.split('.')[0]!] ?? '']
    : ({
        customerId: ids.customer, customerSiteId: ids.site, siteId: ids.site, contactId: ids.contact, equipmentId: ids.equipment, productFamilyId: ids.family,
        familyId: ids.family, productCategoryId: ids.category, protocolId: ids.protocol, inspectionId: ids.inspection, inspectionPointId: ids.point, pointId: ids.point,
        runId: ids.run, assigneeUserId: ids.admin, inspectorUserId: ids.admin, categoryId: ids.inspectionCategory, protocolPointId: ids.protocolPoint,
      })[name];

/** The sweep's rows as each procedure expects them: an earlier call with a value in range may have closed or deleted them. */
async function prepare(procedure: string) {
  const proposed = /^actions\.(accept|dismiss)$/.test(procedure);
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

/**
 * A sampled input made to pass the rules its JSON schema cannot say (a refinement across fields, a URL), so that the
 * only thing wrong with a call is the value under test. The value under test is put in afterwards.
 */
function withRules(procedure: string, input: unknown, full: unknown): unknown {
  const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
  const first = (list: unknown) => (Array.isArray(list) ? obj(list[0]) : undefined);
  // Point limits (an array of them) name exactly one of a product family and a product model.
  if (Array.isArray(input) && /^pointAuthoring\.(save|create)Limits$/.test(procedure)) {
    const limits = structuredClone(input) as unknown[];
    const limit = first(limits);
    if (limit) {
      delete limit.productModelId;
      limit.productFamilyId = ids.family;
    }
    return limits;
  }
  if (!obj(input)) return input;
  const b = structuredClone(input) as Record<string, unknown>;
  // Saved unfinished (no rating needed), in the sweep inspection's category, at its protocol point.
  if (procedure === 'inspectionEdit.update' && obj(b.data)) {
    const data = obj(b.data)!;
    data.finished = false;
    const category = first(data.categories);
    if (category) {
      category.id = ids.inspectionCategory;
      const point = first(category.inspectionPoints);
      if (point) Object.assign(point, { categoryId: ids.inspectionCategory, protocolPointId: ids.protocolPoint });
    }
    const extra = first(data.extraPoints);
    if (extra) extra.inspectionPointId ??= ids.point;
  }
  // A protocol of a type there is, with the target a Daily protocol needs.
  if (/^protocols\.(create|update)$/.test(procedure)) {
    const protocol = obj(b.protocol) ?? b;
    if (typeof protocol.type === 'string') protocol.type = 'Daily';
    protocol.targets ??= [{ productFamilyId: ids.family }];
    // At least one category (the full sample's, without the subcategories only Commission protocols have).
    const sampled = first((obj(obj(full)?.protocol) ?? obj(full))?.categories);
    if ((protocol.categories === undefined || (Array.isArray(protocol.categories) && protocol.categories.length === 0)) && sampled) {
      delete sampled.subcategoryTitles;
      for (const point of Array.isArray(sampled.inspectionPoints) ? (sampled.inspectionPoints as Array<Record<string, unknown>>) : []) {
        delete point.subcategoryTitleIndex;
        delete point.phaseId;
      }
      protocol.categories = [sampled];
    }
  }
  // A machine by id rather than a new one (which needs a product model and a serial number or a nickname).
  for (const equipment of [obj(b.equipment), obj(obj(b.data)?.equipment), procedure === 'audits.changeRunEquipment' ? obj(b.data) : undefined]) {
    if (equipment) equipment.id ??= ids.equipment;
  }
  // An equipment's serial number or nickname is required.
  const machine = procedure === 'equipment.create' ? b : procedure === 'equipment.update' ? obj(b.data) : undefined;
  if (machine && !machine.serialNumber && !machine.nickName) machine.serialNumber = 'SN-sweep';
  // A result names a category and a protocol point, or an extra point.
  const results = obj(b.data)?.results;
  const result = first(results);
  if (result && !result.extraPointId) Object.assign(result, { categoryId: ids.inspectionCategory, protocolPointId: ids.protocolPoint, ...result });
  if (procedure.startsWith('webhooks.') && b.url === 'Text') b.url = 'https://hooks.example.com/sweep';
  return b;
}

interface Procedure {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: z.ZodType[] };
}
interface Case {
  procedure: string;
  type: 'query' | 'mutation';
  /** '' for the call with the valid input. */
  field: string;
  value?: unknown;
  outside: boolean;
  input: unknown;
}

function cases(): { all: Case[]; procedures: string[] } {
  const out: Case[] = [];
  const procedures: string[] = [];
  // (free JSON fields, such as an equipment configurator or a point's prefill, have no type and get no values)
  const scalar = (o: Schema) => isType(o, 'string') || isType(o, 'integer') || isType(o, 'number');
  for (const [procedure, p] of Object.entries(appRouter._def.procedures as unknown as Record<string, Procedure>)) {
    if (SKIPPED.has(procedure) || p._def.type === 'subscription') continue;
    procedures.push(procedure);
    const type = p._def.type;
    const zod = p._def.inputs[0];
    if (!zod) {
      out.push({ procedure, type, field: '', outside: false, input: undefined });
      continue;
    }
    // (a transform or refinement has no JSON schema of its own: 'any' keeps the rest of the walk going)
    const json = z.toJSONSchema(zod, { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as Schema & { $defs?: Record<string, Schema> };
    const { sample, leaves } = schemaWalk({ paths: {}, components: { schemas: json.$defs ?? {} } });
    const idFor = fieldIds(procedure);
    const full = sample(json, '', { idFor });
    const least = (along: Path) => withRules(procedure, sample(json, '', { idFor, along }), structuredClone(full));
    out.push({ procedure, type, field: '', outside: false, input: least([]) });
    for (const leaf of leaves(json, scalar)) {
      const name = String(leaf.path.filter((k) => typeof k === 'string').pop() ?? '');
      const base = least(leaf.path);
      for (const v of extremes(leaf.schema, name)) out.push({ procedure, type, field: leaf.path.join('.'), ...v, input: withValueAt(base, leaf.path, v.value) });
    }
  }
  return { all: out, procedures };
}

function send(c: Case) {
  const url = `/trpc/${c.procedure}`;
  if (c.type === 'query') {
    return t.app.inject({ method: 'GET', url: c.input === undefined ? url : `${url}?input=${encodeURIComponent(JSON.stringify(c.input))}`, headers: auth });
  }
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...auth, 'content-type': 'application/json' },
    ...(c.input !== undefined ? { payload: JSON.stringify(c.input) } : {}),
  });
}

const shown = (v: unknown) => (typeof v === 'string' && v.length > 40 ? `'x' × ${v.length}` : JSON.stringify(v));

/** What is wrong with the answer to a case, if anything. */
function fault(c: Case, res: { statusCode: number; body: string }): string | undefined {
  let error: { message?: string; data?: { code?: string; httpStatus?: number; field?: string } } | undefined;
  try {
    error = (JSON.parse(res.body) as { error?: typeof error }).error;
  } catch {
    // not JSON: only the status matters
  }
  if (res.statusCode >= 500 || error?.data?.code === 'INTERNAL_SERVER_ERROR') return 'a server error';
  const field = error?.data?.field;
  const named = field !== undefined && (field === c.field || field.startsWith(`${c.field}.`));
  const wellFormed = field !== undefined && (error?.message?.startsWith(`${field}: `) || error?.message?.includes(`; ${field}: `));
  if (c.outside && (res.statusCode !== 400 || error?.data?.code !== 'BAD_REQUEST' || !named || !wellFormed)) return 'not a BAD_REQUEST naming the field';
  return undefined;
}

describe('tRPC extreme values', () => {
  it('never make an INTERNAL_SERVER_ERROR on any procedure, and out of a field\'s range are a BAD_REQUEST naming it', async () => {
    const { all: unsorted, procedures } = cases();
    // Deletions last, so that the rows the other calls name are still there.
    const last = (c: Case) => Number(/\.(delete\w*|merge|revoke)$/.test(c.procedure));
    const all = unsorted.sort((a, b) => last(a) - last(b));
    // Only a floor, to show the walk found the procedures and their fields.
    expect(procedures.length).toBeGreaterThan(180);
    expect(procedures).toContain('inspectionEdit.saveResults');
    expect(all.filter((c) => typeof c.value === 'number').length).toBeGreaterThan(100);
    expect(all.filter((c) => c.outside).length).toBeGreaterThan(500);

    const wrong: string[] = [];
    const byProcedure = new Map<string, Case[]>();
    for (const c of all) byProcedure.set(c.procedure, [...(byProcedure.get(c.procedure) ?? []), c]);
    for (const [procedure, list] of byProcedure) {
      await prepare(procedure);
      for (let i = 0; i < list.length; i += 16) {
        await Promise.all(
          list.slice(i, i + 16).map(async (c) => {
            const res = await send(c);
            const why = fault(c, res);
            if (why) wrong.push(`${c.procedure} ${c.field || '(valid input)'} = ${shown(c.value)}: ${why}: ${res.statusCode} ${res.body.slice(0, 300)}`);
          }),
        );
      }
    }
    expect(wrong.sort()).toEqual([]);
  }, 240_000);

  it('refuses year 0 in a plan\'s start and an action\'s due date over tRPC as the REST routes do, naming the field and writing nothing', async () => {
    // (the sweep shows these were 500s over tRPC too before ZDateOnly refused year 0: docs/decisions.md)
    const mutate = async (procedure: string, input: unknown) =>
      (await t.app.inject({ method: 'POST', url: `/trpc/${procedure}`, headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify(input) })).json() as {
        error?: { message: string; data: { code: string; httpStatus: number; field?: string } };
      };
    const year0 = (field: string) => ({ message: `${field}: must be a date from 0001-01-01 to 9999-12-31`, data: expect.objectContaining({ code: 'BAD_REQUEST', httpStatus: 400, field }) });
    const plans = async () => (await t.db.selectFrom('inspection_plans').select(['id', 'starts_on']).orderBy('id').execute()).map((p) => `${p.id} ${p.starts_on.toISOString()}`);
    const before = await plans();
    expect((await mutate('plans.create', { equipmentId: ids.equipment, inspectionType: 'Weekly', startsOn: '0000-01-01' })).error).toMatchObject(year0('startsOn'));
    expect((await mutate('plans.createForSite', { customerSiteId: ids.site, inspectionType: 'Weekly', startsOn: '0000-01-01' })).error).toMatchObject(year0('startsOn'));
    expect((await mutate('plans.update', { id: ids.plan, data: { startsOn: '0000-01-01' } })).error).toMatchObject(year0('data.startsOn'));
    expect(await plans()).toEqual(before);
    await prepare('actions.assign');
    expect((await mutate('actions.assign', { id: ids.action, data: { assigneeUserId: null, dueOn: '0000-01-01' } })).error).toMatchObject(year0('data.dueOn'));
    expect(await t.db.selectFrom('follow_up_actions').select('due_on').where('id', '=', ids.action!).executeTakeFirstOrThrow()).toEqual({ due_on: null });
  });
});
