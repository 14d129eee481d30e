import { describe, expect, it } from 'vitest';
import { signPath, verifySignedPath } from './signed-path.js';

const secret = 'a-secret-of-at-least-thirty-two-characters';
const now = new Date('2026-11-22T12:00:00Z');
const inFiveMinutes = Math.floor(now.getTime() / 1000) + 300;
const key = 'reports/2026-11/0123456789abcdef0123456789abcdef.pdf';

const download = (fileName = 'Prüfbericht "A"/1.pdf') =>
  signPath(secret, { method: 'GET', key, expires: inFiveMinutes, fileName });
const verify = (path: string, method = 'GET', at = now, s: string = secret) =>
  verifySignedPath(path, { secret: s, method, now: at });

describe('signed file paths', () => {
  it('are API paths under /api/v1/files carrying expiry and signature', () => {
    expect(download()).toMatch(new RegExp(`^/api/v1/files/${key}\\?expires=${inFiveMinutes}&name=.+&sig=[\\w-]{43}$`));
  });

  it('verify and give back key and file name', () => {
    expect(verify(download())).toEqual({ ok: true, method: 'GET', key, expires: inFiveMinutes, fileName: 'Prüfbericht "A"/1.pdf', contentType: undefined });
  });

  it('verify with an absolute URL and for HEAD requests', () => {
    expect(verify(`https://insp.example${download()}`, 'HEAD').ok).toBe(true);
  });

  it('carry the content type for uploads and only allow PUT with it', () => {
    const path = signPath(secret, { method: 'PUT', key, expires: inFiveMinutes, contentType: 'application/pdf' });
    expect(verify(path, 'PUT')).toMatchObject({ ok: true, contentType: 'application/pdf' });
    expect(verify(path, 'GET')).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verify(download(), 'PUT')).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it.each([
    ['another key', (p: string) => p.replace('0123456789abcdef', 'fedcba9876543210')],
    ['a later expiry', (p: string) => p.replace(`expires=${inFiveMinutes}`, `expires=${inFiveMinutes + 86400}`)],
    ['another file name', (p: string) => p.replace(/name=[^&]+/, 'name=evil.html')],
    ['a dropped file name', (p: string) => p.replace(/name=[^&]+&/, '')],
    ['a changed signature', (p: string) => p.replace(/sig=(.)/, (_m, c) => `sig=${c === 'A' ? 'B' : 'A'}`)],
    ['a truncated signature', (p: string) => p.slice(0, -2)],
  ])('reject %s', (_what, tamper) => {
    const tampered = tamper(download());
    expect(tampered).not.toBe(download());
    expect(verify(tampered)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('reject a signature made with another secret', () => {
    expect(verify(download(), 'GET', now, 'another-secret-of-thirty-two-characters')).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('expire at the expiry second', () => {
    expect(verify(download(), 'GET', new Date((inFiveMinutes - 1) * 1000)).ok).toBe(true);
    expect(verify(download(), 'GET', new Date(inFiveMinutes * 1000))).toEqual({ ok: false, reason: 'expired' });
  });

  it('reject paths outside the files route, without signature or with unsafe keys', () => {
    expect(verify(download().replace('/api/v1/files/', '/api/v1/other/'))).toEqual({ ok: false, reason: 'malformed' });
    expect(verify(download().replace(/&sig=.*/, ''))).toEqual({ ok: false, reason: 'malformed' });
    expect(verify(`/api/v1/files/..%2F..%2Fetc%2Fpasswd?expires=${inFiveMinutes}&sig=abc`)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuse to sign with a short secret', () => {
    expect(() => signPath('short', { method: 'GET', key, expires: inFiveMinutes })).toThrow(/at least 16/);
  });
});
