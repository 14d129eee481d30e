/** 95 minutes → '1 h 35 min' (000 §9: durations as hours and minutes); null when either end is missing or reversed. */
export function formatDuration(started: number | null, ended: number | null): string | null {
  if (started == null || ended == null || ended < started) return null;
  const minutes = Math.round((ended - started) / 60_000);
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
const words = (key: string) => {
  const spaced = key.replace(/[_-]+/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/**
 * The equipment configurator (any JSON, written as a whole) as label/value rows, as the report shows it: an
 * object's keys become words ('engineHours' → 'Engine hours'); a list of {name|key|title, value} keeps its labels.
 */
export function configuratorRows(value: unknown): { key: string; value: string }[] {
  if (Array.isArray(value)) {
    return value.filter(isObj).map((e) => ({ key: text(e.name ?? e.key ?? e.title), value: text(e.value) }));
  }
  return isObj(value) ? Object.entries(value).map(([k, v]) => ({ key: words(k), value: text(v) })) : [];
}
