import { createSigner, createVerifier } from 'fast-jwt';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AppConfig } from '../../config.js';

type Signer = (payload: Record<string, unknown>) => string;
type Verifier = (token: string) => Record<string, unknown>;

// One signer and verifier per configuration (an app has one; tests build several). fast-jwt signs and verifies
// HS256 synchronously with node:crypto: jose went through WebCrypto, a thread-pool round trip per request that a
// CPU profile showed at a tenth of the API's time (issue 18). Verified tokens are kept in a small map by their text
// (their signature and issuer were checked; the expiry is checked again on every use): fast-jwt's own cache keyed
// them by a SHA hash, a hash per request. Revocation and rights still come from the session query that every
// request makes, so the cache never lets a revoked session or a changed level through.
interface Verified {
  claims: { userId: string; sessionId: string };
  /** exp, in ms */
  expiresAt: number;
}
const VERIFIED_CACHE = 1000;
const tools = new WeakMap<AppConfig, { sign: Signer; verify: Verifier; verified: Map<string, Verified> }>();
function tokenTools(config: AppConfig) {
  let t = tools.get(config);
  if (!t) {
    const key = Buffer.from(config.tokenSecret);
    t = {
      sign: createSigner({ key, algorithm: 'HS256', iss: config.publicUrl }) as Signer,
      verify: createVerifier({ key, algorithms: ['HS256'], allowedIss: config.publicUrl, requiredClaims: ['sub', 'jti', 'exp'] }) as Verifier,
      verified: new Map(),
    };
    tools.set(config, t);
  }
  return t;
}

/** The API's own bearer token: user id (sub) and token id (jti). Level and flags are NOT in it: they are read per request. */
export async function signAccessToken(config: AppConfig, userId: string, sessionId: string = randomUUID()) {
  const expiresAt = new Date(Date.now() + config.tokenTtlSeconds * 1000);
  const token = tokenTools(config).sign({ sub: userId, jti: sessionId, exp: Math.floor(expiresAt.getTime() / 1000) });
  return { token, sessionId, expiresAt };
}

/** The token's user and session, or null. The answer may be shared between calls: read it, never change it. */
export function verifyAccessToken(config: AppConfig, token: string): Readonly<{ userId: string; sessionId: string }> | null {
  const t = tokenTools(config);
  const known = t.verified.get(token);
  if (known) {
    if (Date.now() < known.expiresAt) return known.claims;
    t.verified.delete(token);
    return null;
  }
  try {
    const payload = t.verify(token);
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || !payload.sub || !payload.jti) return null;
    const verified = { claims: { userId: payload.sub, sessionId: payload.jti }, expiresAt: Number(payload.exp) * 1000 };
    // the oldest entry makes room (a Map keeps insertion order)
    if (t.verified.size >= VERIFIED_CACHE) t.verified.delete(t.verified.keys().next().value!);
    t.verified.set(token, verified);
    return verified.claims;
  } catch {
    return null;
  }
}

/** One-time tokens for e-mail links: the link carries the secret, the database only its hash. */
export function newOneTimeToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOneTimeToken(token) };
}
export const hashOneTimeToken = (token: string) => createHash('sha256').update(token).digest('hex');
