import { describe, expect, it } from 'vitest';
import { formatter } from './format.js';

// 20 November 2026, 22:30 UTC: already the 21st in Helsinki (UTC+2), still the 20th in Los Angeles (UTC-8)
const LATE = Date.UTC(2026, 10, 20, 22, 30);

describe("the report's dates, in the report's time zone", () => {
  it('writes the day the instant falls on in that zone, day.month.year in every language', () => {
    expect(formatter('en', 'Europe/Helsinki').date(LATE)).toBe('21.11.2026');
    expect(formatter('fi', 'America/Los_Angeles').date(LATE)).toBe('20.11.2026');
  });

  it("writes times with the zone's short name, not a bare UTC", () => {
    expect(formatter('en', 'Europe/Helsinki').dateTime(LATE)).toBe('21.11.2026 00:30 EET');
    expect(formatter('de', 'America/Los_Angeles').dateTime(LATE)).toBe('20.11.2026 14:30 GMT-8');
    expect(formatter('en', 'Europe/Helsinki').dateTime(Date.UTC(2026, 5, 1, 9))).toBe('01.06.2026 12:00 EEST');
    expect(formatter('en', 'UTC').dateTime(LATE)).toBe('20.11.2026 22:30 UTC');
  });
});
