import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE } from '@insp/contracts';
import { createTestApp, type TestApp, signInUsers } from '../testing/test-app.js';

/**
 * Text with NUL or another control character must never reach PostgreSQL (NUL makes it fail: a 500). Every
 * route of the OpenAPI document the app serves is called with each string of its JSON body and query string
 * holding control characters, so routes added later are covered without touching this file.
 */
let t: TestApp;
let auth: { authorization: string };
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const tokens = await signInUsers(t, [
    { kind: 'staff', email: 'admin@company.example', name: 'Admin', idp_groups: ['admin'], account_flags: ['Developer', 'CertificationManager', 'Rater'] },
    { kind: 'staff', email: 'staff@company.example', name: 'Staff', idp_groups: ['inspection'] },
  ]);
  auth = { authorization: `Bearer ${tokens.admin}` };
  const one = async <T extends string>(q: { executeTakeFirstOrThrow(): Promise<{ id: T }> }) => (await q.executeTakeFirstOrThrow()).id;
  const db = t.db;
  ids.customer = await one(db.insertInto('customers').values({ name: 'Kallio Oy' }).returning('id'));
  ids.site = await one(db.insertInto('customer_sites').values({ customer_id: ids.customer, name: 'Quarry' }).returning('id'));
  ids.contact = await one(db.insertInto('contacts').values({ customer_id: ids.customer, name: 'Matti' }).returning('id'));
  ids.equipment = await one(db.insertInto('equipment').values({ customer_id: ids.customer, serial_number: 'SN-1' }).returning('id'));
  ids.category = await one(db.insertInto('product_categories').values({ name: 'Crushers' }).returning('id'));
  ids.family = await one(db.insertInto('product_families').values({ name: 'Cone', product_category_id: ids.category }).returning('id'));
  const company = await one(db.insertInto('companies').values({ name: 'Nordic' }).returning('id'));
  ids.externalUser = await one(
    db.insertInto('users').values({ kind: 'distributor', email: 'dist@distributor.example', name: 'Dist', company_id: company, expires_at: new Date(Date.now() + 86_400_000) }).returning('id'),
  );
  ids.certifiedUser = await one(db.insertInto('certified_users').values({ email: 'cert@company.example', employee_id: 'E-1' }).returning('id'));
  ids.staff = await one(db.selectFrom('users').select('id').where('email', '=', 'staff@company.example'));
});
afterAll(() => t?.close());

/** A real row for a path parameter, by the collection the path names; anything else gets a random id. */
function pathId(path: string, param: string): string {
  if (param === 'siteId') return ids.site!;
  if (param === 'contactId') return ids.contact!;
  const collection = path.split('/')[3]?.toLowerCase();
  const byCollection: Record<string, string | undefined> = {
    customers: path.includes('/import/') ? undefined : ids.customer,
    equipments: ids.equipment,
    productfamilies: ids.family,
    externalusers: ids.externalUser,
    certifiedusers: ids.certifiedUser,
    staffaccounts: ids.staff,
  };
  return byCollection[collection ?? ''] ?? randomUUID();
}

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maxItems?: number;
  $ref?: string;
  readOnly?: boolean;
}
type Path = Array<string | number>;

let components: Record<string, Schema> = {};
const resolve = (s: Schema): Schema => (s.$ref ? resolve(components[s.$ref.split('/').pop()!] ?? {}) : s);
// OpenAPI 3.1 writes a nullable union as anyOf [anyOf [...], {type: 'null'}]: nested unions are flattened.
const options = (s: Schema): Schema[] => {
  const r = resolve(s);
  const list = r.anyOf ?? r.oneOf ?? r.allOf;
  return list ? list.flatMap(options) : r.type === 'null' ? [] : [r];
};
const isType = (s: Schema, type: string) => s.type === type || (Array.isArray(s.type) && s.type.includes(type));

/** A value the schema accepts, so that the only thing wrong with a request is the character under test. */
function sample(schema: Schema, name: string): unknown {
  const s = options(resolve(schema))[0] ?? {};
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (isType(s, 'string')) {
    if (s.format === 'uuid') return randomUUID();
    if (s.format === 'date') return '2026-01-31';
    if (s.format === 'email' || /email$/i.test(name)) return 'someone@example.com';
    if (/password/i.test(name)) return 'Correct-Horse-9-Battery';
    if (/timeZone/i.test(name)) return 'Europe/Helsinki'; // a valid zone, so only the poisoned field can refuse the body
    return 'Text'.padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? 200);
  }
  // A timestamp gets now: an event's time is checked against a window (the app log ingestion, issue 22).
  if ((isType(s, 'integer') || isType(s, 'number')) && /timestamp/i.test(name)) return Date.now();
  if (isType(s, 'integer') || isType(s, 'number')) return Math.max(s.minimum ?? 0, 0);
  if (isType(s, 'boolean')) return false;
  if (isType(s, 'array')) return s.maxItems === 0 ? [] : [sample(s.items ?? {}, name)];
  if (isType(s, 'object') || s.properties) return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v, k)]));
  return 'Text';
}

/** Where the sample of `schema` holds strings: every place a control character can be put. */
function stringPaths(schema: Schema, path: Path = []): Path[] {
  const all = options(resolve(schema));
  if (all.some((o) => isType(o, 'string'))) return [path];
  const s = all[0] ?? {};
  if (isType(s, 'array') && s.maxItems !== 0) return stringPaths(s.items ?? {}, [...path, 0]);
  // A read-only field a body may carry back as it was read is ignored by the server: no text of it is stored.
  return Object.entries(s.properties ?? {})
    .filter(([, v]) => !resolve(v).readOnly)
    .flatMap(([k, v]) => stringPaths(v, [...path, k]));
}

function withValueAt(value: unknown, path: Path, leaf: string): unknown {
  if (path.length === 0) return leaf;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  copy[path[0]!] = withValueAt(copy[path[0]!], path.slice(1), leaf);
  return copy;
}

interface Operation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: Schema }>;
  requestBody?: { content?: Record<string, { schema: Schema }> };
}
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
function cases(doc: { paths: Record<string, Record<string, Operation>> }): Case[] {
  const out: Case[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const url = path.replace(/\{(\w+)\}/g, (_, p: string) => pathId(path, p));
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
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: auth })).json();
    components = doc.components?.schemas ?? {};
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
