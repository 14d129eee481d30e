import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp, signInUsers } from '../testing/test-app.js';

/**
 * What the sweeps over every route of the OpenAPI document the app serves share (control-characters.int.test.ts,
 * extreme-values.int.test.ts): an app signed in as an admin with every flag, a few real rows for path parameters,
 * and a walk of the document's schemas that builds a value each accepts.
 */

export interface SweepFixtures {
  t: TestApp;
  auth: { authorization: string };
  ids: Record<string, string>;
}

/** An app on a database of its own, the admin's bearer header and one row of each collection a path names. */
export async function createSweepApp(): Promise<SweepFixtures> {
  const t = await createTestApp();
  const tokens = await signInUsers(t, [
    { kind: 'staff', email: 'admin@company.example', name: 'Admin', idp_groups: ['admin'], account_flags: ['Developer', 'CertificationManager', 'Rater'] },
    { kind: 'staff', email: 'staff@company.example', name: 'Staff', idp_groups: ['inspection'] },
  ]);
  const ids: Record<string, string> = {};
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
  return { t, auth: { authorization: `Bearer ${tokens.admin}` }, ids };
}

/**
 * A real row for a path parameter, by the collection the path names; anything else gets a random id. The rows of
 * createSweepApp, and those a sweep may add to `ids` (plan, action, inspection, protocol, protocolPoint, point,
 * audit) for routes whose path names them.
 */
export function pathId(ids: Record<string, string>, path: string, param: string): string {
  if (param === 'siteId') return ids.site!;
  if (param === 'contactId') return ids.contact!;
  if (param === 'pointId' || param === 'protocolPointId') return ids.protocolPoint ?? randomUUID();
  const collection = path.split('/')[3]?.toLowerCase();
  const byCollection: Record<string, string | undefined> = {
    customers: path.includes('/import/') ? undefined : ids.customer,
    equipments: ids.equipment,
    productfamilies: ids.family,
    externalusers: ids.externalUser,
    certifiedusers: ids.certifiedUser,
    staffaccounts: ids.staff,
    plans: path.includes('/export/') ? undefined : ids.plan,
    actions: ids.action,
    inspections: ids.inspection,
    inspectionprotocols: ids.protocol,
    inspectionpoints: path.includes('/batchUpdates/') ? undefined : ids.point,
    audits: ids.audit,
  };
  return byCollection[collection ?? ''] ?? randomUUID();
}

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
  readOnly?: boolean;
}
export type Path = Array<string | number>;

export interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: Schema;
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export const isType = (s: Schema, type: string) => s.type === type || (Array.isArray(s.type) && s.type.includes(type));

/** The document's schema walk: `$ref`s resolved against its components, unions flattened, a sample value per schema. */
export function schemaWalk(doc: OpenApiDoc) {
  const components = doc.components?.schemas ?? {};
  const resolve = (s: Schema): Schema => (s.$ref ? resolve(components[s.$ref.split('/').pop()!] ?? {}) : s);
  // OpenAPI 3.1 writes a nullable union as anyOf [anyOf [...], {type: 'null'}]: nested unions are flattened.
  const options = (s: Schema): Schema[] => {
    const r = resolve(s);
    const list = r.anyOf ?? r.oneOf ?? r.allOf;
    return list ? list.flatMap(options) : r.type === 'null' ? [] : [r];
  };

  /**
   * A value the schema accepts, so that the only thing wrong with a request is the value under test. `idFor` may
   * give a real row's id for a uuid field by its name (otherwise a random one); `echoes: false` leaves out the
   * read-only fields a body may carry back as read. With `along`, the value is the least the schema takes plus what
   * leads to that path: required fields only, and lists empty unless the path goes through them (each optional part
   * brings rules of its own that would refuse the body before the field under test is stored).
   */
  function sample(schema: Schema, name: string, opts: { idFor?: (name: string) => string | undefined; echoes?: boolean; along?: Path } = {}): unknown {
    const { idFor, echoes = true, along } = opts;
    const s = options(resolve(schema))[0] ?? {};
    if (s.const !== undefined) return s.const;
    if (s.enum) return s.enum[0];
    if (isType(s, 'string')) {
      if (s.format === 'uuid') return idFor?.(name) ?? randomUUID();
      if (s.format === 'date') return '2026-01-31';
      if (s.format === 'email' || /email$/i.test(name)) return 'someone@example.com';
      if (/password/i.test(name)) return 'Correct-Horse-9-Battery';
      if (/timeZone/i.test(name)) return 'Europe/Helsinki'; // a valid zone, so only the field under test can refuse the body
      return 'Text'.padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? 200);
    }
    // A timestamp gets now: an event's time is checked against a window (the app log ingestion, issue 22).
    if ((isType(s, 'integer') || isType(s, 'number')) && /timestamp/i.test(name)) return Date.now();
    if (isType(s, 'integer') || isType(s, 'number')) return Math.max(s.minimum ?? 0, 0);
    if (isType(s, 'boolean')) return false;
    if (isType(s, 'array')) {
      if (s.maxItems === 0 || (along && along[0] !== 0 && !s.minItems)) return [];
      return [sample(s.items ?? {}, name, { ...opts, ...(along && { along: along[0] === 0 ? along.slice(1) : [] }) })];
    }
    if (isType(s, 'object') || s.properties) {
      const fields = Object.entries(s.properties ?? {})
        .filter(([, v]) => echoes || !resolve(v).readOnly)
        .filter(([k]) => !along || k === along[0] || s.required?.includes(k));
      return Object.fromEntries(fields.map(([k, v]) => [k, sample(v, k, { ...opts, ...(along && { along: k === along[0] ? along.slice(1) : [] }) })]));
    }
    return 'Text';
  }

  /**
   * Every leaf of the sample of `schema` that `wanted` picks (given its first non-null option), with that option:
   * where a value under test can be put. Read-only fields a body may carry back as read are ignored by the server
   * and skipped.
   */
  function leaves(schema: Schema, wanted: (s: Schema) => boolean, path: Path = []): Array<{ path: Path; schema: Schema }> {
    const all = options(resolve(schema));
    const hit = all.find(wanted);
    if (hit) return [{ path, schema: hit }];
    const s = all[0] ?? {};
    if (isType(s, 'array') && s.maxItems !== 0) return leaves(s.items ?? {}, wanted, [...path, 0]);
    return Object.entries(s.properties ?? {})
      .filter(([, v]) => !resolve(v).readOnly)
      .flatMap(([k, v]) => leaves(v, wanted, [...path, k]));
  }

  return { resolve, options, sample, leaves };
}

/** A copy of `value` with `leaf` at `path`. */
export function withValueAt(value: unknown, path: Path, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  copy[path[0]!] = withValueAt(copy[path[0]!], path.slice(1), leaf);
  return copy;
}
