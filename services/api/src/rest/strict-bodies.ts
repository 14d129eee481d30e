import { z } from 'zod';

/**
 * Issue 20: a field the server does not know is a 400 naming it, never silently dropped (a client that misspells
 * `internalComent` learns it at once instead of losing the text). Zod objects strip unknown keys by default; every
 * REST v1 request body is turned, once at route registration (app.ts, onRoute), into the same schema with each
 * object strict at every depth. Objects that chose their own rule for other keys (a catchall, a record) keep it.
 * The OpenAPI document is generated from the strict schema too: `additionalProperties: false`.
 */

type Def = Record<string, unknown> & { type: string };
type Schema = z.ZodType & { _zod: { def: Def }; clone(def: Def): z.ZodType };

const made = new WeakMap<z.ZodType, z.ZodType>();
const strictOnes = new WeakSet<z.ZodType>();

/** Child schemas by def key, per schema kind: what is walked. A kind not listed (lazy, custom, primitives) is left as it is. */
const CHILDREN: Record<string, string[]> = {
  optional: ['innerType'],
  nullable: ['innerType'],
  default: ['innerType'],
  prefault: ['innerType'],
  catch: ['innerType'],
  readonly: ['innerType'],
  nonoptional: ['innerType'],
  array: ['element'],
  set: ['valueType'],
  record: ['valueType'],
  map: ['valueType'],
  pipe: ['in', 'out'],
  intersection: ['left', 'right'],
};

/**
 * A copy of a def with some children replaced. The def is copied with its property descriptors, not spread: zod's
 * defs hold getters (a default's value is made afresh on every parse, an object's shape is resolved lazily) that a
 * spread would run once and freeze.
 */
function withChildren(def: Def, children: Record<string, unknown>): Def {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(def)) as Def;
  for (const [k, v] of Object.entries(children)) Object.defineProperty(copy, k, { value: v, enumerable: true, configurable: true, writable: true });
  return copy;
}

export function strictDeep<T extends z.ZodType>(schema: T): T {
  if (strictOnes.has(schema)) return schema;
  const done = made.get(schema);
  if (done) return done as T;
  const s = schema as unknown as Schema;
  const def = s._zod.def;
  let out: z.ZodType = schema;
  if (def.type === 'object') {
    const shape = Object.fromEntries(Object.entries(def.shape as Record<string, z.ZodType>).map(([k, v]) => [k, strictDeep(v)]));
    out = s.clone(withChildren(def, { shape, catchall: def.catchall ?? z.never() }));
  } else if (def.type === 'union') {
    out = s.clone(withChildren(def, { options: (def.options as z.ZodType[]).map(strictDeep) }));
  } else if (def.type === 'tuple') {
    out = s.clone(withChildren(def, { items: (def.items as z.ZodType[]).map(strictDeep), rest: def.rest ? strictDeep(def.rest as z.ZodType) : def.rest }));
  } else if (CHILDREN[def.type]) {
    const changed = Object.fromEntries(CHILDREN[def.type]!.filter((k) => def[k]).map((k) => [k, strictDeep(def[k] as z.ZodType)]));
    out = s.clone(withChildren(def, changed));
  }
  // Descriptions and `readOnly` live in zod's registry, by schema: the copy keeps them for the OpenAPI document.
  const meta = z.globalRegistry.get(schema);
  if (out !== schema && meta) z.globalRegistry.add(out, meta);
  made.set(schema, out);
  strictOnes.add(out);
  return out as T;
}

/**
 * The message of an unknown field, at its own path: `content.internalComent: is not a field of this call`. Zod
 * reports unknown keys at the object that holds them, all in one issue; this names the first, where it is.
 */
export function unknownFieldPath(objectPath: string, keys: string[]): string {
  return [objectPath, keys[0]].filter(Boolean).join('.');
}
