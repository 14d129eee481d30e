import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../config.js';
import { signAccessToken, verifyAccessToken } from './tokens.js';

const config = (over: Partial<AppConfig> = {}) =>
  ({ tokenSecret: new TextEncoder().encode('a-secret-of-at-least-thirty-two-chars!'), publicUrl: 'http://localhost:3000', tokenTtlSeconds: 3600, ...over }) as AppConfig;
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** A token signed by hand, to try claims and headers our signer would never make. */
const handMade = (secret: Uint8Array, header: object, payload: object) => {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
};
const now = () => Math.floor(Date.now() / 1000);

describe('access tokens', () => {
  it('verifies its own token to the user and session it was made for', async () => {
    const c = config();
    const { token, sessionId } = await signAccessToken(c, 'user-1', 'session-1');
    expect(sessionId).toBe('session-1');
    expect(verifyAccessToken(c, token)).toEqual({ userId: 'user-1', sessionId: 'session-1' });
    expect(verifyAccessToken(c, token)).toEqual({ userId: 'user-1', sessionId: 'session-1' }); // again, from the cache
  });

  it('refuses a token signed with another secret, for another issuer, altered, or not a token', async () => {
    const c = config();
    const other = await signAccessToken(config({ tokenSecret: new TextEncoder().encode('another-secret-of-thirty-two-chars!!') }), 'u', 's');
    expect(verifyAccessToken(c, other.token)).toBeNull();
    const elsewhere = await signAccessToken(config({ publicUrl: 'http://evil.example' }), 'u', 's');
    expect(verifyAccessToken(c, elsewhere.token)).toBeNull();
    const { token } = await signAccessToken(c, 'u', 's');
    const [h, p, s] = token.split('.');
    const altered = `${h}.${b64({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 'admin' })}.${s}`;
    expect(verifyAccessToken(c, altered)).toBeNull();
    expect(verifyAccessToken(c, 'not-a-token')).toBeNull();
  });

  it('refuses an expired token, one without expiry, user or session, and the none algorithm', () => {
    const c = config();
    const claims = { sub: 'u', jti: 's', iss: c.publicUrl, iat: now() };
    expect(verifyAccessToken(c, handMade(c.tokenSecret, { alg: 'HS256', typ: 'JWT' }, { ...claims, exp: now() + 60 }))).toEqual({ userId: 'u', sessionId: 's' });
    expect(verifyAccessToken(c, handMade(c.tokenSecret, { alg: 'HS256', typ: 'JWT' }, { ...claims, exp: now() - 5 }))).toBeNull();
    expect(verifyAccessToken(c, handMade(c.tokenSecret, { alg: 'HS256', typ: 'JWT' }, claims))).toBeNull();
    expect(verifyAccessToken(c, handMade(c.tokenSecret, { alg: 'HS256', typ: 'JWT' }, { ...claims, exp: now() + 60, jti: undefined }))).toBeNull();
    expect(verifyAccessToken(c, handMade(c.tokenSecret, { alg: 'HS256', typ: 'JWT' }, { ...claims, exp: now() + 60, sub: '' }))).toBeNull();
    expect(verifyAccessToken(c, `${b64({ alg: 'none' })}.${b64({ ...claims, exp: now() + 60 })}.`)).toBeNull();
  });

  it('refuses a token it verified before once the token has expired', async () => {
    const c = config({ tokenTtlSeconds: 60 });
    const { token } = await signAccessToken(c, 'u', 's');
    expect(verifyAccessToken(c, token)).toEqual({ userId: 'u', sessionId: 's' });
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    try {
      expect(verifyAccessToken(c, token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
