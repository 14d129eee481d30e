import { describe, expect, it } from 'vitest';
import { loginPath, safeReturnTo, staffLoginUrl } from './returnTo';

describe('returnTo after sign-in', () => {
  it('keeps a local path with its query', () => {
    expect(safeReturnTo('/Reports/12/details?tab=2')).toBe('/Reports/12/details?tab=2');
  });

  it('refuses anything that could leave the site', () => {
    for (const v of ['https://evil.example/', '//evil.example', '/\\evil.example', 'evil', '', null, undefined]) {
      expect(safeReturnTo(v)).toBe('/');
    }
  });

  it('does not return to the public pages', () => {
    expect(safeReturnTo('/login?returnTo=/x')).toBe('/');
    expect(safeReturnTo('/auth/logout')).toBe('/');
    expect(safeReturnTo('/nosession/SetPassword?userId=1')).toBe('/');
  });

  it('builds the login address and the staff sign-in address', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/tags')).toBe('/login?returnTo=%2Ftags');
    expect(staffLoginUrl(' anna@company.example ', '/Audits')).toBe('/api/v1/auth/login?email=anna%40company.example&returnTo=%2FAudits');
  });
});
