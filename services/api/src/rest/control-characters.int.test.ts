import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE } from '@insp/contracts';
import type { TestApp } from '../testing/test-app.js';
import { createSweepApp, isType, type OpenApiDoc, pathId, type Path, type Schema, schemaWalk, withValueAt } from './openapi-sweep.test-helpers.js';

/**
 * Text with NUL or another control character must never reach PostgreSQL (NUL makes it fail: a 500). Every
 * route of the OpenAPI document the app serves is called with each string of its JSON body and query string
 * holding control characters, so routes added later are covered without touching this file.
 */
let t: TestApp;
let auth: { authorization: string };
let ids: Record<string, string> = {};

beforeAll(async () => {
  ({ t, auth, ids } = await createSweepApp());
});
afterAll(() => t?.close());

interface Case {
  route: string;
  method: string;
  url: string;
  where: 'body' | 'query';
  field: string;
  query: Record<string, string>;
  body?: unknown;
}

/** One case per string of each route's body and query string; the character goes in later. */
function cases(doc: OpenApiDoc): Case[] {
  const { sample, leaves } = schemaWalk(doc);
  // Where the sample of a schema holds strings: every place a control character can be put.
  const stringPaths = (schema: Schema) => leaves(schema, (o) => isType(o, 'string')).map((l) => l.path);
  const out: Case[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const url = path.replace(/\{(\w+)\}/g, (_, p: string) => pathId(ids, path, p));
      const query = op.parameters?.filter((p) => p.in === 'query') ?? [];
      const baseQuery = Object.fromEntries(query.filter((p) => p.required).map((p) => [p.name, String(sample(p.schema, p.name))]));
      const route = `${method.toUpperCase()} ${path}`;
      for (const p of query) {
        // A query value is one string (or a list of them, as productModelIds=a,b): a leaf at the parameter.
        if (stringPaths(p.schema).length === 0) continue;
        out.push({ route, method, url, where: 'query', field: p.name, query: baseQuery });
      }
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      if (!bodySchema) continue;
      const body = sample(bodySchema, '');
      for (const leaf of stringPaths(bodySchema)) out.push({ route, method, url, where: 'body', field: leaf.join('.'), query: baseQuery, body: { base: body, leaf } });
    }
  }
  return out;
}

// NUL (which PostgreSQL refuses), other C0 controls (SOH, backspace, vertical tab, form feed, escape, unit separator) and DEL.
const CONTROL = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f'];

async function send(c: Case, char: string) {
  // An e-mail field gets an otherwise valid address, so that only the control character can refuse it.
  const poisoned = /email/i.test(c.field.split('.').pop()!) ? `some${char}one@example.com` : `Te${char}xt`;
  const query = new URLSearchParams(c.where === 'query' ? { ...c.query, [c.field]: poisoned } : c.query).toString();
  const body = c.body as { base: unknown; leaf: Path } | undefined;
  return t.app.inject({
    method: c.method.toUpperCase() as 'POST',
    url: `${c.url}${query ? `?${query}` : ''}`,
    headers: auth,
    ...(body ? { payload: withValueAt(body.base, body.leaf, poisoned) as object } : {}),
  });
}

describe('text with control characters', () => {
  it('is refused with a 400 naming the field by every route of the OpenAPI document, in JSON bodies and query strings', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: auth })).json() as OpenApiDoc;
    const all = cases(doc);
    // The document is read, not listed here: these are only a floor to show the walk found the routes.
    expect(all.filter((c) => c.where === 'body').length).toBeGreaterThan(25);
    expect(new Set(all.map((c) => c.route))).toContain('PUT /api/v1/customers/{id}/sites/{siteId}');
    expect(new Set(all.map((c) => c.route))).toContain('GET /api/v1/customers/query');

    const wrong: string[] = [];
    // The characters of one case go at once: thousands of requests one by one outlast the timeout on a busy machine.
    for (const c of all) {
      await Promise.all(
        CONTROL.map(async (char) => {
          const res = await send(c, char);
          const what = `${c.route} ${c.where} ${c.field} with U+${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
          const answer = res.json() as { field?: string; message?: string };
          const named = answer.field === c.field || answer.field?.startsWith(`${c.field}.`);
          if (res.statusCode !== 400 || !named || !answer.message?.includes(`${answer.field}: `)) wrong.push(`${what}: ${res.statusCode} ${res.body}`);
        }),
      );
    }
    expect(wrong.sort()).toEqual([]);
  }, 180_000);

  it('is refused by POST api/v1/customers and PUT api/v1/customers/{id}/sites/{siteId}, naming the field', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/customers', headers: auth, payload: { name: 'Nul\u0000Oy' } });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ statusCode: 400, error: 'BAD_REQUEST', field: 'name', message: `name: ${CONTROL_CHARACTERS_MESSAGE}` });

    const url = `/api/v1/customers/${ids.customer}/sites/${ids.site}`;
    const site = await t.app.inject({ method: 'PUT', url, headers: auth, payload: { name: 'Quarry', country: 'Fin\u0000land' } });
    expect(site.statusCode).toBe(400);
    expect(site.json()).toMatchObject({ field: 'country', message: `country: ${CONTROL_CHARACTERS_MESSAGE}` });
    expect((await t.app.inject({ method: 'PUT', url, headers: auth, payload: { name: 'Quarry\u001b2' } })).json()).toMatchObject({ field: 'name' });

    const search = await t.app.inject({ method: 'GET', url: '/api/v1/customers/query?search=Kal%00lio', headers: auth });
    expect(search.json()).toMatchObject({ statusCode: 400, field: 'search' });
    expect(await t.db.selectFrom('customer_sites').select('name').where('id', '=', ids.site!).executeTakeFirstOrThrow()).toEqual({ name: 'Quarry' });
  });

  it('keeps tab and line breaks, which text may hold', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/customers/${ids.customer}/sites/${ids.site}`, headers: auth, payload: { name: 'Quarry\tNorth\r\nGate 2' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Quarry\tNorth\r\nGate 2' });
  });
});
