/** JSON with object keys sorted: PostgreSQL's jsonb and clients' dictionaries order keys as they like. */
export const canonicalJson = (v: unknown): string =>
  JSON.stringify(v ?? null, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : x,
  );

/** Whether two values are the same JSON, whatever the order of their keys. */
export const sameJson = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
