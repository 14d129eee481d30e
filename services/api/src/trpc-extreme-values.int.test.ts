import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from './app-router.js';
import { createSweepApp, isType, type Path, type Schema, schemaWalk, withValueAt } from './rest/openapi-sweep.test-helpers.js';
import { addDeeperRows, extremes, restoreDeeperRows, sweepFaults } from './rest/extreme-values.test-helpers.js';
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
  await addDeeperRows(t, ids);
  const db = t.db;
  const one = async (q: { executeTakeFirstOrThrow(): Promise<{ id: string }> }) => (await q.executeTakeFirstOrThrow()).id;
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
  await restoreDeeperRows(t, ids, /^actions\.(accept|dismiss)$/.test(procedure));
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

    const wrong = await sweepFaults(all, (c) => c.procedure, { prepare, send, fault, label: (c) => `${c.procedure} ${c.field || '(valid input)'} = ${shown(c.value)}` });
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
