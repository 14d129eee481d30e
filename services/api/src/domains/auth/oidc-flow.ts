import { createHmac } from 'node:crypto';
import { EncryptJWT, errors, jwtDecrypt } from 'jose';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { AppConfig } from '../../config.js';
import type { LoginChecks } from './oidc-client.js';

/**
 * Between /api/v1/auth/login and /auth/callback the PKCE verifier, state, nonce and return path live in
 * the browser, encrypted and authenticated with a key derived from TOKEN_SECRET: no server memory, so any
 * API process can finish a sign-in another one started.
 */
export const FLOW_COOKIE = 'insp_oidc_flow';
const FLOW_MINUTES = 10;

export interface LoginFlow extends LoginChecks {
  returnTo: string;
}

const flowKey = (config: AppConfig) => createHmac('sha256', config.tokenSecret).update('oidc-flow-cookie').digest();

export const flowCookieOptions = (config: AppConfig): CookieSerializeOptions => ({
  path: '/auth/callback',
  httpOnly: true,
  sameSite: 'lax',
  secure: config.publicUrl.startsWith('https:'),
  maxAge: FLOW_MINUTES * 60,
});

export function sealFlow(config: AppConfig, flow: LoginFlow): Promise<string> {
  return new EncryptJWT({ ...flow })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${FLOW_MINUTES}m`)
    .encrypt(flowKey(config));
}

/**
 * Why a callback has no usable flow: `missing` when this browser tab never started one here (typically the
 * product was opened at another address than PUBLIC_URL, so the cookie lives on that other origin) or the
 * cookie cannot be read; `expired` when it is older than FLOW_MINUTES.
 */
export type OpenedFlow = { ok: true; flow: LoginFlow } | { ok: false; reason: 'missing' | 'expired' };

export async function openFlow(config: AppConfig, sealed: string | undefined): Promise<OpenedFlow> {
  if (!sealed) return { ok: false, reason: 'missing' };
  try {
    const { payload } = await jwtDecrypt(sealed, flowKey(config));
    const { codeVerifier, state, nonce, returnTo } = payload;
    if (![codeVerifier, state, nonce, returnTo].every((v) => typeof v === 'string')) return { ok: false, reason: 'missing' };
    return { ok: true, flow: { codeVerifier, state, nonce, returnTo } as LoginFlow };
  } catch (err) {
    return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'missing' };
  }
}

/**
 * Only a path of this site: anything that would leave it ('https://evil.example', '//evil.example',
 * '/\evil.example') becomes '/', so the sign-in cannot be used as an open redirect.
 */
export function safeReturnTo(value: string | undefined): string {
  if (!value || !value.startsWith('/')) return '/';
  const base = 'http://return-to.invalid';
  try {
    const url = new URL(value, base);
    return url.origin === base ? url.pathname + url.search + url.hash : '/';
  } catch {
    return '/';
  }
}

/**
 * The sign-in flow must start and end on one origin, PUBLIC_URL's, because the identity provider returns the
 * browser to PUBLIC_URL/auth/callback and the flow cookie only reaches the origin that set it. A request that
 * arrived at another address (127.0.0.1 instead of localhost, a proxy alias) is sent to the same path there
 * first. The target is always the configured PUBLIC_URL, never a host taken from the request (no open
 * redirect). docs/decisions.md, "Staff sign-in from any address".
 */
export function publicOriginRedirect(publicUrl: string, requestOrigin: string, pathAndQuery: string): string | null {
  const publicOrigin = new URL(publicUrl).origin;
  let origin: string;
  try {
    origin = new URL(requestOrigin).origin;
  } catch {
    return null; // an unparsable Host: let the flow run where it is
  }
  return origin === publicOrigin ? null : publicOrigin + pathAndQuery;
}
