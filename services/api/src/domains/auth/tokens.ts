import { SignJWT, jwtVerify } from 'jose';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AppConfig } from '../../config.js';

/** The API's own bearer token: user id (sub) and token id (jti). Level and flags are NOT in it: they are read per request. */
export async function signAccessToken(config: AppConfig, userId: string, sessionId = randomUUID()) {
  const expiresAt = new Date(Date.now() + config.tokenTtlSeconds * 1000);
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setJti(sessionId)
    .setIssuedAt()
    .setIssuer(config.publicUrl)
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(config.tokenSecret);
  return { token, sessionId, expiresAt };
}

export async function verifyAccessToken(config: AppConfig, token: string): Promise<{ userId: string; sessionId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, config.tokenSecret, { algorithms: ['HS256'], issuer: config.publicUrl });
    if (!payload.sub || !payload.jti) return null;
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
