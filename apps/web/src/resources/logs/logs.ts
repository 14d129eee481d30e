/** Client-side case-insensitive contains filters of /WebLogs (002 §2): every filter typed must match its column. */
export function matchesAll(values: Record<string, string>, filters: Record<string, string>): boolean {
  return Object.entries(filters).every(([key, f]) => !f.trim() || (values[key] ?? '').toLowerCase().includes(f.trim().toLowerCase()));
}

/**
 * '1 ... 50 of 120' (or '10,000+' when the server stopped counting); when every row fits on one page just the count
 * ('2 rows'): '1 ... 2 of 2' read as if something were left out.
 */
export function pageLabel(offset: number, shown: number, count: number, capped = false): string {
  if (!count) return 'No rows';
  if (offset === 0 && shown >= count && !capped) return count === 1 ? '1 row' : `${count} rows`;
  const total = capped ? `${count.toLocaleString('en')}+` : String(count);
  return `${offset + 1} ... ${offset + shown} of ${total}`;
}

/** A session's length for the sessions view: '0 s', '6 min 0 s', '1 h 2 min'. */
export function durationText(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** Text inputs at least 44 px high on touch screens (the theme does it for buttons; 2.5.5 target size). */
export const touchInput = { '@media (pointer: coarse)': { '& .MuiInputBase-input': { minHeight: 44, boxSizing: 'border-box' } } } as const;
