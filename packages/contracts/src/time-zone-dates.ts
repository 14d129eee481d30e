
/**
 * Time zones and the dates written in them (issue 20, docs/decisions.md "Dates and time zones"): one implementation
 * for the web app (the browser's zone) and the report (the customer's or the configured zone). Dates are
 * day.month.year whatever the language (000 §9); a time carries the zone's short name ('EET', 'GMT-8', 'UTC').
 * No zod here: the web app's first load needs these (issue 23); time-zones.ts adds the schema and re-exports them.
 */

let zones: readonly string[] | null = null;
/** Every IANA zone this runtime knows (Intl.supportedValuesOf, which leaves out 'UTC'), plus 'UTC', sorted. */
export function timeZones(): readonly string[] {
  zones ??= [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])].sort();
  return zones;
}

/**
 * The IANA name as this runtime lists it ('europe/helsinki' → 'Europe/Helsinki', 'Asia/Kolkata' → whichever of
 * it and its alias the list holds), or null for anything else: offsets such as '+02:00' are no zone (they know no
 * daylight saving time).
 */
export function canonicalTimeZone(name: string): string | null {
  const list = timeZones();
  const exact = list.find((z) => z.toLowerCase() === name.trim().toLowerCase());
  if (exact) return exact;
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: name.trim() }).resolvedOptions().timeZone;
    return list.includes(resolved) ? resolved : null;
  } catch {
    return null;
  }
}

export const TIME_ZONE_MESSAGE = 'must be an IANA time zone such as Europe/Helsinki';

/**
 * REPORT_TIME_ZONE of the API and the worker (they must agree: a PDF is stored under the hash of its document):
 * the zone of reports whose customer has none. Default UTC, printed as 'UTC'; an unknown zone stops the start.
 */
export function reportTimeZoneSetting(value: string | undefined): string {
  if (!value?.trim()) return 'UTC';
  const zone = canonicalTimeZone(value);
  if (!zone) throw new Error(`REPORT_TIME_ZONE ${TIME_ZONE_MESSAGE} (got '${value}')`);
  return zone;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The wall clock of an instant in a zone, with the zone's short name there and then ('EET' or 'EEST'). */
export interface ZonedParts { year: number; month: number; day: number; hour: number; minute: number; second: number; zoneName: string }
export function zonedParts(ms: number, timeZone: string): ZonedParts {
  const p = Object.fromEntries(partsFormat(timeZone).formatToParts(ms).map((x) => [x.type, x.value]));
  return {
    year: Number(p.year), month: Number(p.month), day: Number(p.day), hour: Number(p.hour), minute: Number(p.minute), second: Number(p.second),
    zoneName: p.timeZoneName ?? timeZone,
  };
}

/** How far the zone's clock is ahead of UTC at that instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const p = zonedParts(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * The instant a zone's wall clock shows the given day and time. A time skipped by a daylight-saving change
 * reads as the same clock time after the change (an hour on), a repeated one as one of its two instants.
 */
export function zonedToEpoch(t: { year: number; month: number; day: number; hour?: number; minute?: number }, timeZone: string): number {
  const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour ?? 0, t.minute ?? 0);
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  return Math.max(first, second);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 23.10.2026, the calendar day of the instant in the zone. */
export function formatDateIn(ms: number, timeZone: string): string {
  const p = zonedParts(ms, timeZone);
  return `${pad(p.day)}.${pad(p.month)}.${p.year}`;
}

/** 23.10.2026 14:05 EEST: day and time in the zone, named. */
export function formatDateTimeIn(ms: number, timeZone: string): string {
  const p = zonedParts(ms, timeZone);
  return `${pad(p.day)}.${pad(p.month)}.${p.year} ${pad(p.hour)}:${pad(p.minute)} ${p.zoneName}`;
}

/** The zone's short name at that instant: 'EET', 'GMT-8', 'UTC'. */
export const zoneNameAt = (ms: number, timeZone: string) => zonedParts(ms, timeZone).zoneName;

/** yyyymmdd of the instant's day in the zone: the start of PDF file names (000 §3, §7). */
export function yyyymmddIn(ms: number, timeZone: string): string {
  const p = zonedParts(ms, timeZone);
  return `${p.year}${pad(p.month)}${pad(p.day)}`;
}
