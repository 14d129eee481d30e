import type { AppConfig } from '../../config.js';

/** The identity provider's end-session address for a staff logout (filled in with the OIDC client). */
export async function idpLogoutUrl(_config: AppConfig, _idToken: string | null): Promise<string | null> {
  return null;
}
