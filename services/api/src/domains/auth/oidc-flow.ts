import { createHmac } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
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

export async function openFlow(config: AppConfig, sealed: string | undefined): Promise<LoginFlow | null> {
  if (!sealed) return null;
  try {
    const { payload } = await jwtDecrypt(sealed, flowKey(config));
    const { codeVerifier, state, nonce, returnTo } = payload;
    if (![codeVerifier, state, nonce, returnTo].every((v) => typeof v === 'string')) return null;
    return { codeVerifier, state, nonce, returnTo } as LoginFlow;
  } catch {
    return null;
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
