import type { CompiledQuery } from 'kysely';

const SLOT = Symbol('statement slot');
interface Slot {
  readonly [SLOT]: string;
}
/** Stand-ins for the values while the statement is built: use each only as a value (a parameter), never branch on it. */
export type Slots<K extends string> = { readonly [P in K]: never };

const isSlot = (p: unknown): p is Slot => typeof p === 'object' && p !== null && SLOT in p;

/**
 * A statement built and compiled by Kysely once, then run with new values: the build runs with stand-ins for the
 * named values, and each run puts the values in their parameter places. Under load, building and compiling a
 * list's query on every request was about a quarter of the API's CPU for that request (issue 18), all of it
 * to produce the same SQL text. The build must not depend on the values (the caller names everything else the
 * text depends on in its cache key); a value that does not end up as a parameter is an error, so a build that
 * dropped one, or wrote it into the SQL text, fails at once instead of running with the wrong value.
 */
export function statementTemplate<K extends string>(names: readonly K[], build: (slots: Slots<K>) => CompiledQuery): (values: Record<K, unknown>) => CompiledQuery {
  const slots = Object.fromEntries(names.map((name) => [name, Object.freeze({ [SLOT]: name })])) as unknown as Slots<K>;
  const compiled = build(slots);
  const places = compiled.parameters.map((p) => (isSlot(p) ? (p[SLOT] as K) : null));
  for (const name of names) {
    if (!places.includes(name)) throw new Error(`statement template: '${name}' is not a parameter of the statement`);
  }
  if (compiled.sql.includes('[object Object]')) throw new Error('statement template: a value was written into the SQL text');
  compiled.parameters.forEach((p, i) => {
    if (places[i] === null && containsSlot(p)) {
      throw new Error('statement template: a value is nested inside a parameter');
    }
  });
  return (values) => ({ ...compiled, parameters: compiled.parameters.map((p, i) => (places[i] === null ? p : values[places[i]!])) });
}

function containsSlot(v: unknown): boolean {
  if (isSlot(v)) return true;
  if (Array.isArray(v)) return v.some(containsSlot);
  if (v && typeof v === 'object' && !(v instanceof Date) && !Buffer.isBuffer(v)) return Object.values(v).some(containsSlot);
  return false;
}
