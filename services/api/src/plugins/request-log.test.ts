import { describe, expect, it } from 'vitest';
import { redactUrl } from './request-log.js';

describe('the URL written to web_logs', () => {
  it('keeps no grant: shared link tokens, file signatures, sign-in codes', () => {
    expect(redactUrl('/api/v1/shared/abcDEF123_-')).toBe('/api/v1/shared/[token]');
    expect(redactUrl('/auth/callback?code=xyz&state=abc')).toBe('/auth/callback?[redacted]');
    expect(redactUrl('/api/v1/files/reports/a.pdf?expires=1&name=a.pdf&sig=SECRET')).toBe('/api/v1/files/reports/a.pdf?expires=1&name=a.pdf&sig=[redacted]');
  });
  it('keeps other URLs as they came, up to 2000 characters', () => {
    expect(redactUrl('/api/v1/customers/query?search=x')).toBe('/api/v1/customers/query?search=x');
    expect(redactUrl('/api/v1/sharedlinks')).toBe('/api/v1/sharedlinks');
    expect(redactUrl(`/trpc/x?input=${'a'.repeat(3000)}`)).toHaveLength(2000);
  });
});
