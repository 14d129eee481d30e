import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, fromDateTimeInput, toDateTimeInput, toDayInput, userTimeZone, withDay, yyyymmdd } from './dates';

// 20 November 2026, 12:00 UTC: the 21st in Auckland (UTC+13), the 20th in Los Angeles (UTC-8)
const NOON = Date.UTC(2026, 10, 20, 12);
const AKL = 'Pacific/Auckland';
const LAX = 'America/Los_Angeles';

describe("dates in the user's time zone", () => {
  it('writes day.month.year of the day the instant falls on in that zone', () => {
    expect(formatDate(NOON, AKL)).toBe('21.11.2026');
    expect(formatDate(NOON, LAX)).toBe('20.11.2026');
    expect(formatDate('2026-11-20T12:00:00Z', AKL)).toBe('21.11.2026');
  });

  it("writes date-times in that zone with the zone's short name instead of UTC", () => {
    expect(formatDateTime(NOON, LAX)).toBe('20.11.2026 04:00 GMT-8');
    expect(formatDateTime(NOON, 'Europe/Helsinki')).toBe('20.11.2026 14:00 EET');
    expect(formatDateTime(NOON, AKL)).toBe('21.11.2026 01:00 GMT+13');
  });

  it("uses the browser's zone when none is given", () => {
    expect(formatDate(NOON)).toBe(formatDate(NOON, userTimeZone()));
    expect(formatDateTime(NOON)).toBe(formatDateTime(NOON, userTimeZone()));
  });

  it('keeps calendar days (UTC midnight) on their day in every zone', () => {
    expect(formatDay(Date.UTC(2026, 10, 20))).toBe('20.11.2026');
  });

  it('gives the edit form the same day the lists show', () => {
    expect(toDayInput(NOON, AKL)).toBe('2026-11-21');
    expect(toDayInput(NOON, LAX)).toBe('2026-11-20');
    expect(toDateTimeInput(NOON, AKL)).toBe('2026-11-21T01:00');
    expect(toDateTimeInput(null, AKL)).toBe('');
    expect(yyyymmdd(NOON, AKL)).toBe('20261121');
  });

  it('reads a typed date-time in that zone', () => {
    expect(fromDateTimeInput('2026-11-21T01:00', AKL)).toBe(NOON);
    expect(fromDateTimeInput('2026-11-20T04:00', LAX)).toBe(NOON);
    expect(fromDateTimeInput('', AKL)).toBeNull();
  });

  it('sends an unchanged date back as the same instant, east or west of UTC', () => {
    const original = NOON + 34_567;
    for (const zone of [AKL, LAX, 'UTC']) expect(withDay(toDayInput(original, zone), original, zone)).toBe(original);
  });

  it('moves a changed date by whole days, keeping the time of day in that zone', () => {
    expect(withDay('2026-11-23', NOON, AKL)).toBe(NOON + 2 * 86_400_000);
    expect(formatDateTime(withDay('2026-11-01', NOON, LAX)!, LAX)).toBe('01.11.2026 04:00 GMT-8');
    expect(withDay('2026-11-20', null, LAX)).toBe(Date.UTC(2026, 10, 20, 20));
    expect(withDay('invalid', NOON, LAX)).toBe(NOON);
  });
});
