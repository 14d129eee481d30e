import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, formatDateIn, formatDateTimeIn, yyyymmddIn, ZTimeZone, zonedToEpoch } from './time-zones.js';

// 20 November 2026, 12:00 UTC: already the 21st in Auckland (UTC+13), still the 20th in Los Angeles (UTC-8)
const NOON = Date.UTC(2026, 10, 20, 12);

describe('dates in a time zone', () => {
  it('writes the calendar day of the instant in the zone', () => {
    expect(formatDateIn(NOON, 'Pacific/Auckland')).toBe('21.11.2026');
    expect(formatDateIn(NOON, 'America/Los_Angeles')).toBe('20.11.2026');
    expect(yyyymmddIn(NOON, 'Pacific/Auckland')).toBe('20261121');
  });

  it("writes a time with the zone's short name, never a bare UTC for another zone", () => {
    expect(formatDateTimeIn(NOON, 'Europe/Helsinki')).toBe('20.11.2026 14:00 EET');
    expect(formatDateTimeIn(Date.UTC(2026, 6, 1, 12), 'Europe/Helsinki')).toBe('01.07.2026 15:00 EEST');
    expect(formatDateTimeIn(NOON, 'America/Los_Angeles')).toBe('20.11.2026 04:00 GMT-8');
    expect(formatDateTimeIn(NOON, 'UTC')).toBe('20.11.2026 12:00 UTC');
  });

  it("turns a zone's wall clock back into the instant, across daylight saving time", () => {
    expect(zonedToEpoch({ year: 2026, month: 11, day: 21, hour: 1 }, 'Pacific/Auckland')).toBe(NOON);
    expect(zonedToEpoch({ year: 2026, month: 7, day: 1, hour: 15 }, 'Europe/Helsinki')).toBe(Date.UTC(2026, 6, 1, 12));
    expect(zonedToEpoch({ year: 2026, month: 11, day: 20, hour: 4 }, 'America/Los_Angeles')).toBe(NOON);
    // 29.3.2026 03:30 does not exist in Helsinki (clocks jump from 03:00 to 04:00)
    expect(formatDateTimeIn(zonedToEpoch({ year: 2026, month: 3, day: 29, hour: 3, minute: 30 }, 'Europe/Helsinki'), 'Europe/Helsinki')).toBe('29.03.2026 04:30 EEST');
  });
});

describe('ZTimeZone', () => {
  it('accepts IANA names in any case and answers the listed spelling', () => {
    expect(ZTimeZone.parse(' europe/helsinki ')).toBe('Europe/Helsinki');
    expect(ZTimeZone.parse('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Asia/Kolkata')).toMatch(/^Asia\/(Kolkata|Calcutta)$/);
  });

  it('refuses offsets and unknown names', () => {
    for (const bad of ['Mars/Olympus', '+02:00', '']) {
      expect(ZTimeZone.safeParse(bad).success, bad).toBe(false);
    }
  });
});
