/**
 * The versions of results this browser saved last (issue 23), kept in localStorage: the report edit form reads the
 * inspection once when it opens, so a change someone made after my save is told the next time I open it. Small: one
 * number per result, the oldest dropped past `MAX`.
 */
const KEY = 'insp-saved-versions';
const MAX = 500;

type Saved = Record<string, number>;

function load(): Saved {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Saved) : {};
  } catch {
    return {};
  }
}

function store(v: Saved) {
  try {
    const entries = Object.entries(v);
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(entries.slice(Math.max(0, entries.length - MAX)))));
  } catch {
    // storage full or disabled: the notice on the next open is lost, nothing else
  }
}

/** Remembers the versions of results as my save's answer gave them (result id → version). */
export function rememberSaved(results: Iterable<{ id?: string | undefined; version?: number | undefined }>) {
  const v = load();
  for (const r of results) {
    if (!r.id || typeof r.version !== 'number') continue;
    delete v[r.id]; // re-added last: the newest stay
    v[r.id] = r.version;
  }
  store(v);
}

/** The version I saved of a result, if this browser remembers one. */
export const savedVersion = (resultId: string): number | undefined => load()[resultId];

/** Forgets results once their news was shown. */
export function forgetSaved(ids: Iterable<string>) {
  const v = load();
  for (const id of ids) delete v[id];
  store(v);
}

/** Signing out: nothing of this user's saves is kept for the next one (offline-available/forget.ts). */
export function forgetAllSaved() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // storage disabled: nothing was kept
  }
}
