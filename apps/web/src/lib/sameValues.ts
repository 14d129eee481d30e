/**
 * Whether two plain form values are the same: deep, ignoring key order, and a key holding `undefined` counts as
 * absent (as JSON would). The unsaved-work guards compare a form with what was last loaded or saved this way, so an
 * edit typed and undone is no change.
 */
export function sameValues(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => sameValues(x, (b as unknown[])[i]));
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const k of keys) if (!sameValues(ra[k], rb[k])) return false;
  return true;
}
