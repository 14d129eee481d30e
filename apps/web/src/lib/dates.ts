import { formatDateIn, formatDateTimeIn, yyyymmddIn, zonedParts, zonedToEpoch } from '@insp/contracts';

/**
 * Every date and time the app shows or reads, in the user's time zone: the browser's (issue 20, docs/decisions.md
 * "Dates and time zones"). Dates day.month.year as the spec shows them (000 §9) whatever the browser's language;
 * a time carries the zone's short name ('EET', 'GMT-8'). An inspection or audit date is an instant, shown as its
 * calendar day in this zone, so a list, the details and the edit form show the same day. Every screen uses this
 * module; the zone parameter is for tests.
 */

/** The browser's IANA zone (Playwright's `timezoneId`, the TZ of a test run). */
export const userTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const toMs = (v: Date | number | string) => (v instanceof Date ? v.getTime() : typeof v === 'number' ? v : Date.parse(v));
const pad = (n: number) => String(n).padStart(2, '0');

/** 23.10.2026: the day of the instant in the user's zone. */
export const formatDate = (v: Date | number | string, timeZone = userTimeZone()) => formatDateIn(toMs(v), timeZone);
/** 23.10.2026 14:05 EEST: day, time and the zone's short name. */
export const formatDateTime = (v: Date | number | string, timeZone = userTimeZone()) => formatDateTimeIn(toMs(v), timeZone);

/**
 * A calendar day kept as epoch ms of its UTC midnight (certifications, external accounts' expiry: days, not
 * instants, docs/decisions.md): the same day for everyone, so never moved into a zone.
 */
export const formatDay = (ms: number) => formatDateIn(ms, 'UTC');

/** The day of the instant in the user's zone as a date input holds it: yyyy-mm-dd. */
export function toDayInput(ms: number, timeZone = userTimeZone()): string {
  const p = zonedParts(ms, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The instant as a date-time input holds it, in the user's zone: yyyy-mm-ddThh:mm, '' for none. */
export function toDateTimeInput(ms: number | null, timeZone = userTimeZone()): string {
  if (ms == null) return '';
  const p = zonedParts(ms, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** yyyy-mm-ddThh:mm typed in the user's zone as epoch ms; null for '' or anything else. */
export function fromDateTimeInput(v: string, timeZone = userTimeZone()): number | null {
  const m = DAY_TIME.exec(v);
  if (!m) return null;
  const [, year, month, day, hour, minute] = m.map(Number) as [number, number, number, number, number, number];
  return zonedToEpoch({ year, month, day, hour, minute }, timeZone);
}

/**
 * The day typed (yyyy-mm-dd, in the user's zone) at the time of day `original` had there, so a date left alone
 * is sent back as the very instant it was (no shift, whatever the zone). `original` null: noon of that day, the
 * instant that stays on that calendar day for anyone within twelve hours of this zone. Not a day: `original`.
 */
export function withDay(day: string, original: number | null, timeZone = userTimeZone()): number | null {
  const m = DAY.exec(day);
  if (!m) return original;
  const [, year, month, date] = m.map(Number) as [number, number, number, number];
  if (original != null && toDayInput(original, timeZone) === day) return original;
  const t = original == null ? { hour: 12, minute: 0 } : zonedParts(original, timeZone);
  return zonedToEpoch({ year, month, day: date, hour: t.hour, minute: t.minute }, timeZone) + (original == null ? 0 : original % 60_000);
}

/** yyyymmdd of the instant's day in the user's zone, for a file name the server did not give. */
export const yyyymmdd = (ms: number, timeZone = userTimeZone()) => yyyymmddIn(ms, timeZone);

/** The same day.month.year as typed into a date input (tokens of the date library, dayjs). */
export const DATE_INPUT_FORMAT = 'DD.MM.YYYY';
/** A date-time as typed, in the user's zone: 23.10.2026 14:05 (the input's label names the zone). */
export const DATE_TIME_INPUT_FORMAT = 'DD.MM.YYYY HH:mm';

/** The short name of the user's zone now (or at `ms`): 'EET', 'GMT-8'; for labels of date-time inputs. */
export const userZoneName = (ms = Date.now(), timeZone = userTimeZone()) => zonedParts(ms, timeZone).zoneName;
