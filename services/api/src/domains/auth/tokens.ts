import { createSigner, createVerifier } from 'fast-jwt';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AppConfig } from '../../config.js';

type Signer = (payload: Record<string, unknown>) => string;
type Verifier = (token: string) => Record<string, unknown>;

// One signer and verifier per configuration (an app has one; tests build several). fast-jwt signs and verifies
// HS256 synchronously with node:crypto: jose went through WebCrypto, a thread-pool round trip per request that a
// CPU profile showed at a tenth of the API's time (issue 18). Verified tokens are kept in a small LRU (their
// signature, issuer and expiry were checked); revocation and rights still come from the session query that every
// request makes, so the cache never lets a revoked session or a changed level through.
const tools = new WeakMap<AppConfig, { sign: Signer; verify: Verifier }>();
function tokenTools(config: AppConfig) {
  let t = tools.get(config);
  if (!t) {
    const key = Buffer.from(config.tokenSecret);
    t = {
      sign: createSigner({ key, algorithm: 'HS256', iss: config.publicUrl }) as Signer,
      verify: createVerifier({ key, algorithms: ['HS256'], allowedIss: config.publicUrl, requiredClaims: ['sub', 'jti', 'exp'], cache: 1000 }) as Verifier,
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

export function verifyAccessToken(config: AppConfig, token: string): { userId: string; sessionId: string } | null {
  try {
    const payload = tokenTools(config).verify(token);
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || !payload.sub || !payload.jti) return null;
    return { userId: payload.sub, sessionId: payload.jti };
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
