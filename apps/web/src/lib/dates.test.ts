import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('dates as the spec shows them', () => {
  it('writes day.month.year', () => {
    expect(formatDate(Date.UTC(2026, 9, 23, 12))).toBe('23.10.2026');
  });
  it('writes date-times in UTC with hour, minute and the UTC label', () => {
    expect(formatDateTime('2026-11-22T05:07:00Z')).toBe('22.11.2026 05:07 UTC');
  });
});
