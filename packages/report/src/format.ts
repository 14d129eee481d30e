import { formatDateIn, formatDateTimeIn, isNumericString, parseNumeric } from '@insp/contracts';

/**
 * Dates and numbers as the report writes them. Dates are day.month.year whatever the language (spec 000 §9), in the
 * report's time zone (the customer's or REPORT_TIME_ZONE, issue 20); date-times add hour, minute and the zone's
 * short name ('EET', 'GMT-8', 'UTC'), as the web app does in the user's zone. Numbers follow the language's own format
 * (decimal comma in fi, sv, de, fr, es, pt).
 */
const LOCALES: Record<string, string> = { en: 'en-GB', fi: 'fi-FI', sv: 'sv-SE', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', pt: 'pt-PT' };

export function localeOf(lang: string): string {
  const wanted = LOCALES[lang] ?? lang;
  try {
    return Intl.NumberFormat.supportedLocalesOf([wanted]).length ? wanted : 'en-GB';
  } catch {
    return 'en-GB';
  }
}

/** 23.10.2026: the day of the instant in the zone. */
export const formatDate = (ms: number, timeZone: string) => formatDateIn(ms, timeZone);

/** 23.10.2026 14:05 EEST: day and time in the zone, named. */
export const formatDateTime = (ms: number, timeZone: string) => formatDateTimeIn(ms, timeZone);

const cache = new Map<string, Intl.NumberFormat>();
const numberFormat = (locale: string, decimals: number | null) => {
  const key = `${locale}/${decimals}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, decimals == null ? { maximumFractionDigits: 6 } : { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    cache.set(key, f);
  }
  return f;
};

export interface Formatter {
  /** A number in the language's format; `decimals` fixes the digits after the point (aggregates: 2). */
  number(n: number, decimals?: number): string;
  /** A recorded value: numeric text in the language's format keeping the digits typed, any other text as typed. */
  value(text: string | null | undefined): string;
  /** The day of an instant in the report's zone: 23.10.2026. */
  date(ms: number): string;
  /** Day and time in the report's zone with its short name: 23.10.2026 14:05 EEST. */
  dateTime(ms: number): string;
}

export function formatter(lang: string, timeZone: string): Formatter {
  const locale = localeOf(lang);
  return {
    number: (n, decimals) => numberFormat(locale, decimals ?? null).format(n),
    value(text) {
      if (text == null) return '';
      const n = parseNumeric(text);
      if (n == null || !isNumericString(text) || /e/i.test(text)) return text;
      const typed = text.trim().split(/[.,]/)[1]?.length ?? 0;
      return numberFormat(locale, Math.min(typed, 6)).format(n);
    },
    date: (ms) => formatDate(ms, timeZone),
    dateTime: (ms) => formatDateTime(ms, timeZone),
  };
}
