/**
 * Dates as the spec shows them (000 §9): day.month.year in en-GB, date-times with hour and minute and the
 * UTC label. One place, so every screen writes them the same way whatever the browser's language.
 */
const day = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dayTime = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

const toDate = (v: Date | number | string) => (v instanceof Date ? v : new Date(v));

/** 23.10.2026 */
export const formatDate = (v: Date | number | string) => day.format(toDate(v)).replace(/\//g, '.');
/** 23.10.2026 14:05 UTC */
export const formatDateTime = (v: Date | number | string) => `${dayTime.format(toDate(v)).replace(/\//g, '.').replace(',', '')} UTC`;

/** The same day.month.year as typed into a date input (tokens of the date library, dayjs). */
export const DATE_INPUT_FORMAT = 'DD.MM.YYYY';
/** A UTC date-time as typed: 23.10.2026 14:05 (the label of the input says UTC). */
export const DATE_TIME_INPUT_FORMAT = 'DD.MM.YYYY HH:mm';
