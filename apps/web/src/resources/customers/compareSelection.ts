/** spec 002 §5, §9: at most 2 customers may be marked for comparison; 'Compare selected' needs exactly 2. */
export const COMPARE_CAP = 2;

/** Ticks or unticks `id`; a tick beyond the cap is ignored (the other boxes are disabled meanwhile). */
export function toggleCompare(selected: readonly string[], id: string): string[] {
  if (selected.includes(id)) return selected.filter((x) => x !== id);
  if (selected.length >= COMPARE_CAP) return [...selected];
  return [...selected, id];
}

export const canCompare = (selected: readonly string[]) => selected.length === COMPARE_CAP;

/** /Customers/{id1}/compare/{id2}: the first ticked is merged away, the second survives (002 §2). */
export const comparePath = (selected: readonly string[]) => `/Customers/${selected[0]}/compare/${selected[1]}`;
