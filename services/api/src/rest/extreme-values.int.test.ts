import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/test-app.js';
import { createSweepApp, isType, type OpenApiDoc, pathId, type Path, type Schema, schemaWalk, withValueAt } from './openapi-sweep.test-helpers.js';
import { addDeeperRows, extremes, restoreDeeperRows, sweepFaults } from './extreme-values.test-helpers.js';

/**
 * Values well-typed enough to pass a naive check that PostgreSQL or the code could choke on (beyond int4, 1e308,
 * negative counts, fractions, 100 000 characters, ids that are not uuids or name no row, dates of year 0 or 10000
 * or 30 February) must never make a 500. Every route of the OpenAPI document the app serves is called with them,
 * one field at a time (path parameters, query string, JSON body), so routes added later are covered without
 * touching this file. Where the value is outside what the field's schema allows, the answer is a 400 naming the
 * field (docs/decisions.md, "Extreme input values").
 */
let t: TestApp;
let auth: { authorization: string };
let ids: Record<string, string> = {};

beforeAll(async () => {
  ({ t, auth, ids } = await createSweepApp());
  await addDeeperRows(t, ids);
});
afterAll(() => t?.close());

type Where = 'path' | 'query' | 'body';
interface Case {
  route: string;
  method: string;
  where: Where;
  field: string;
  value: unknown;
  /** Outside what the field's schema allows: the answer must be a 400 naming the field. */
  outside: boolean;
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body?: { base: unknown; leaf: Path };
}


// The ids of the sweep's rows a body field may name, so that a body gets past "no such customer" to its other fields.
const bodyIds = (name: string): string | undefined =>
  ({
    customerId: ids.customer, customerSiteId: ids.site, siteId: ids.site, contactId: ids.contact, equipmentId: ids.equipment, productFamilyId: ids.family,
    productCategoryId: ids.category, protocolId: ids.protocol, inspectionId: ids.inspection, inspectionPointId: ids.point,
    assigneeUserId: ids.admin, inspectorUserId: ids.admin, categoryId: ids.inspectionCategory, protocolPointId: ids.protocolPoint,
  })[name];

/**
 * The sweep's rows as each route expects them before its calls: an earlier route's call with a value in range may
 * have succeeded (dismissed the action, finished the inspection). Accepting or dismissing needs a proposed action,
 * the rest an open one.
 */
async function prepare(route: string) {
  await restoreDeeperRows(t, ids, /\/(accept|dismiss)$/.test(route));
}

/**
 * A sampled body made to name the sweep's rows where a route wants them, so that a value gets past "not found" or
 * "differs from the path" to the statement that stores it.
 */
function withRows(route: string, body: unknown, params: Record<string, string>): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = { ...(body as Record<string, unknown>) };
  if ('id' in b && params.id) b.id = params.id; // a body that repeats its path's id
  const first = (list: unknown) => (Array.isArray(list) && list[0] && typeof list[0] === 'object' ? (list[0] as Record<string, unknown>) : undefined);
  if (route === 'PUT /api/v1/inspections/update') {
    Object.assign(b, { id: ids.inspection, finished: false }); // saved unfinished: no rating needed
    const category = first(b.categories);
    if (category) category.id = ids.inspectionCategory;
  }
  const result = first(b.results);
  if (result && !result.extraPointId) Object.assign(result, { categoryId: ids.inspectionCategory, protocolPointId: ids.protocolPoint, ...result });
  if (/^(POST|PUT) \/api\/v1\/inspectionProtocols(\/\{id\})?$/i.test(route)) {
    if (typeof b.type === 'string') b.type = 'Daily';
    b.targets ??= [{ productFamilyId: ids.family }]; // a Daily protocol needs one
  }
  if (Array.isArray(b.addedDocumentIds)) b.addedDocumentIds = [];
  if (b.equipment && typeof b.equipment === 'object') b.equipment = { ...(b.equipment as object), id: ids.equipment };
  return b;
}

function cases(doc: OpenApiDoc): Case[] {
  const { sample, leaves, options } = schemaWalk(doc);
  const scalar = (o: Schema) => isType(o, 'string') || isType(o, 'integer') || isType(o, 'number');
  const out: Case[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const route = `${method.toUpperCase()} ${path}`;
      const params = Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, p]) => [p!, pathId(ids, path, p!)]));
      const queryParams = op.parameters?.filter((p) => p.in === 'query') ?? [];
      // (a required `id` in the query string, as PUT api/v1/inspections/update's, is the row its path names)
      const queryId = (name: string) => (name === 'id' ? pathId(ids, path, 'id') : bodyIds(name));
      const query = Object.fromEntries(queryParams.filter((p) => p.required).map((p) => [p.name, String(sample(p.schema, p.name, { idFor: queryId }))]));
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      // The least body the route takes, plus what leads to the field under test.
      const least = (along: Path) => withRows(route, sample(bodySchema!, '', { idFor: bodyIds, echoes: false, along }), params);
      const base = bodySchema ? least([]) : undefined;
      const common = { route, method, path, params, query, ...(bodySchema ? { body: { base, leaf: [] as Path } } : {}) };
      for (const p of op.parameters?.filter((p) => p.in === 'path') ?? []) {
        const s = options(p.schema)[0] ?? {};
        // Every path parameter also gets a string that is no id, and an id of no row.
        const values = extremes(s, p.name);
        if (!values.some((v) => v.value === 'not-a-uuid')) values.push({ value: 'not-a-uuid', outside: isType(s, 'integer') }, { value: randomUUID(), outside: isType(s, 'integer') });
        for (const v of values) out.push({ ...common, where: 'path', field: p.name, ...v });
      }
      for (const p of queryParams) {
        for (const leaf of leaves(p.schema, scalar)) for (const v of extremes(leaf.schema, p.name)) out.push({ ...common, where: 'query', field: p.name, ...v });
      }
      if (!bodySchema) continue;
      for (const leaf of leaves(bodySchema, scalar)) {
        const name = String(leaf.path.filter((k) => typeof k === 'string').pop() ?? '');
        const body = { base: least(leaf.path), leaf: leaf.path };
        for (const v of extremes(leaf.schema, name)) out.push({ ...common, where: 'body', field: leaf.path.join('.'), body, ...v });
      }
    }
  }
  return out;
}

function send(c: Case) {
  const at = (where: Where, values: Record<string, string>) => (c.where === where ? { ...values, [c.field]: String(c.value) } : values);
  const params = at('path', c.params);
  const url = c.path.replace(/\{(\w+)\}/g, (_, p: string) => encodeURIComponent(params[p]!));
  const query = new URLSearchParams(at('query', c.query)).toString();
  const payload = c.body ? (c.where === 'body' ? withValueAt(c.body.base, c.body.leaf, c.value) : c.body.base) : undefined;
  return t.app.inject({
    method: c.method.toUpperCase() as 'POST',
    url: `${url}${query ? `?${query}` : ''}`,
    headers: { ...auth, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
}

const shown = (v: unknown) => (typeof v === 'string' && v.length > 40 ? `'x' × ${v.length}` : JSON.stringify(v));

/** What is wrong with the answer to a case, if anything. */
function fault(c: Case, res: { statusCode: number; body: string }): string | undefined {
  let answer: { field?: string; message?: string } = {};
  try {
    answer = JSON.parse(res.body) as typeof answer;
  } catch {
    // a file or page: only the status matters
  }
  const named = answer.field === c.field || answer.field?.startsWith(`${c.field}.`);
  const wellFormed = answer.message?.startsWith(`${answer.field}: `) || answer.message?.includes(`; ${answer.field}: `);
  if (res.statusCode >= 500) return 'a server error';
  // A path that is no id may also find no row (404), or be too long for the router (414 URI Too Long).
  if (c.outside && c.where === 'path' && (res.statusCode === 404 || res.statusCode === 414)) return undefined;
  if (c.outside && (res.statusCode !== 400 || !named || !wellFormed)) return 'not a 400 naming the field';
  if (res.statusCode === 400 && answer.field !== undefined && !wellFormed) return 'a 400 whose message does not start with its field';
  return undefined;
}

describe('extreme values', () => {
  it('never make a 500 on any route of the OpenAPI document, and out of a field\'s range are a 400 naming it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: auth })).json() as OpenApiDoc;
    // Deletions last, so that the rows the other calls name are still there.
    const all = cases(doc).sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));
    // The document is read, not listed here: these are only a floor to show the walk found the routes and fields.
    const routes = new Set(all.map((c) => c.route));
    expect(routes.size).toBeGreaterThan(150);
    expect(routes).toContain('GET /api/v1/customers/query');
    expect(all.filter((c) => c.where === 'body' && typeof c.value === 'number').length).toBeGreaterThan(100);
    expect(all.filter((c) => c.where === 'query' && c.field === 'offset').length).toBeGreaterThan(10);
    expect(all.length).toBeGreaterThan(2000);

    const wrong = await sweepFaults(all, (c) => c.route, { prepare, send, fault, label: (c) => `${c.route} ${c.where} ${c.field} = ${shown(c.value)}` });
    expect(wrong.sort()).toEqual([]);
  }, 180_000);

  it('refuses year 0 in a plan\'s start and an action\'s due date, and an instant past year 9999 in the web log, naming the field and writing nothing', async () => {
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
    const year0 = { statusCode: 400, error: 'BAD_REQUEST', field: 'startsOn', message: 'startsOn: must be a date from 0001-01-01 to 9999-12-31' };
    const plans = async () => (await t.db.selectFrom('inspection_plans').select(['id', 'starts_on']).orderBy('id').execute()).map((p) => `${p.id} ${p.starts_on.toISOString()}`);
    const before = await plans();
    // (each was a 500: PostgreSQL has no year 0)
    expect((await call('POST', '/api/v1/plans', { equipmentId: ids.equipment!, inspectionType: 'Weekly', startsOn: '0000-01-01' })).json()).toEqual(year0);
    expect((await call('POST', '/api/v1/plans/bulk', { customerSiteId: ids.site!, inspectionType: 'Weekly', startsOn: '0000-01-01' })).json()).toEqual(year0);
    expect((await call('PUT', `/api/v1/plans/${ids.plan}`, { startsOn: '0000-01-01' })).json()).toEqual(year0);
    expect(await plans()).toEqual(before);
    const first = await call('PUT', `/api/v1/plans/${ids.plan}`, { startsOn: '0001-01-01' });
    expect(first.statusCode, first.body).toBe(200);

    await t.db.updateTable('follow_up_actions').set({ state: 'open', due_on: null }).where('id', '=', ids.action!).execute();
    const due = await call('PUT', `/api/v1/actions/${ids.action}/assignment`, { assigneeUserId: null, dueOn: '0000-01-01' });
    expect(due.json()).toEqual({ statusCode: 400, error: 'BAD_REQUEST', field: 'dueOn', message: 'dueOn: must be a date from 0001-01-01 to 9999-12-31' });
    expect(await t.db.selectFrom('follow_up_actions').select('due_on').where('id', '=', ids.action!).executeTakeFirstOrThrow()).toEqual({ due_on: null });

    // (epoch milliseconds past what a Date holds were a 500; a day that does not exist rolled over to the next month)
    const start = await call('GET', '/api/v1/log/web/filter?start=8640000000000001');
    expect(start.json()).toEqual({ statusCode: 400, error: 'BAD_REQUEST', field: 'start', message: 'start: must be an instant from 0001-01-01 to 9999-12-31' });
    expect((await call('GET', '/api/v1/log/web?stop=99999999999999999999')).json()).toMatchObject({ statusCode: 400, field: 'stop' });
    expect((await call('GET', '/api/v1/log/web?stop=2026-02-30')).json()).toMatchObject({ statusCode: 400, field: 'stop', message: 'stop: must be epoch milliseconds or an ISO 8601 date' });
    expect((await call('GET', '/api/v1/log/web?start=9999-12-31T23:59:59.999Z')).statusCode).toBe(200);
  });
});
