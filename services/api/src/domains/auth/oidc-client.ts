import * as client from 'openid-client';
import type { AppConfig } from '../../config.js';
import { DEV_CLIENT_ID, devClientSecret, devIssuer } from './dev-idp/keys.js';

export const OIDC_SCOPES = 'openid email profile';

/**
 * Which issuer staff sign in at: OIDC_ISSUER when configured, otherwise the development provider in this
 * process. One client code path for both. The groups claim is `groups` unless OIDC_GROUPS_CLAIM names
 * another (a dotted path such as `realm_access.roles` reaches into nested claims).
 */
export function oidcSettings(config: AppConfig) {
  if (config.oidc) return { ...config.oidc, groupsClaim: process.env.OIDC_GROUPS_CLAIM || 'groups' };
  return { issuer: devIssuer(config), clientId: DEV_CLIENT_ID, clientSecret: devClientSecret(config), groupsClaim: 'groups' };
}

export const redirectUri = (config: AppConfig) => `${config.publicUrl}/auth/callback`;

// Discovered issuer metadata per issuer and client: a cache of the provider's public document, not
// session state, so any API process can serve any step of a sign-in.
const discovered = new Map<string, Promise<client.Configuration>>();

/**
 * Discovery happens at first use, not at start-up: the development provider is this very process, which
 * is not listening yet while it starts. A failed discovery is forgotten so the next attempt retries.
 */
export function oidcClient(config: AppConfig): Promise<client.Configuration> {
  const s = oidcSettings(config);
  const key = JSON.stringify([s.issuer, s.clientId, s.clientSecret]);
  let configuration = discovered.get(key);
  if (!configuration) {
    const issuer = new URL(s.issuer);
    configuration = client.discovery(
      issuer,
      s.clientId,
      undefined,
      client.ClientSecretBasic(s.clientSecret),
      issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
    );
    discovered.set(key, configuration);
    configuration.catch(() => discovered.delete(key));
  }
  return configuration;
}

export interface LoginChecks {
  codeVerifier: string;
  state: string;
  nonce: string;
}

/** Authorization code request with PKCE (S256), state and nonce; the e-mail typed on the login screen is the hint. */
export async function authorizationRequest(config: AppConfig, loginHint?: string): Promise<{ url: URL; checks: LoginChecks }> {
  const oc = await oidcClient(config);
  const checks = { codeVerifier: client.randomPKCECodeVerifier(), state: client.randomState(), nonce: client.randomNonce() };
  const url = client.buildAuthorizationUrl(oc, {
    redirect_uri: redirectUri(config),
    scope: OIDC_SCOPES,
    code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
    state: checks.state,
    nonce: checks.nonce,
    ...(loginHint ? { login_hint: loginHint } : {}),
  });
  return { url, checks };
}

export interface StaffIdentity {
  email: string;
  emailVerified: boolean;
  name: string;
  groups: string[];
  idToken: string;
}

/** Redeems the code from the callback's query string and reads who signed in from the verified ID token. */
export async function redeemCallback(config: AppConfig, query: string, checks: LoginChecks): Promise<StaffIdentity> {
  const oc = await oidcClient(config);
  // Built from publicUrl, not from the request's Host: it must equal the redirect_uri of the request.
  const currentUrl = new URL(`${redirectUri(config)}?${query}`);
  const tokens = await client.authorizationCodeGrant(oc, currentUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims()!;
  const email = [claims.email, claims.preferred_username].find((v): v is string => typeof v === 'string' && v.includes('@'));
  if (!email) throw new Error('The ID token carries no e-mail address');
  return {
    email: email.toLowerCase(),
    emailVerified: claims.email_verified !== false,
    name: typeof claims.name === 'string' ? claims.name : '',
    groups: groupsFrom(claims, oidcSettings(config).groupsClaim),
    idToken: tokens.id_token!,
  };
}

function groupsFrom(claims: Record<string, unknown>, path: string): string[] {
  const value = path.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), claims);
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string') : [];
}

/** The provider's end-session address that brings the browser back to the product's start page. */
export async function endSessionUrl(config: AppConfig, idToken: string | null): Promise<string | null> {
  const oc = await oidcClient(config);
  if (!oc.serverMetadata().end_session_endpoint) return null;
  return client.buildEndSessionUrl(oc, {
    post_logout_redirect_uri: `${config.publicUrl}/`,
    ...(idToken ? { id_token_hint: idToken } : {}),
  }).href;
}
