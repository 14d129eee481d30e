import type { AppConfig } from '../../config.js';
import { endSessionUrl } from './oidc-client.js';

/**
 * The identity provider's end-session address for a staff logout, or null (the product's start page)
 * when the provider has none or cannot be reached: our token is revoked before this, so logout holds anyway.
 */
export async function idpLogoutUrl(config: AppConfig, idToken: string | null): Promise<string | null> {
  return endSessionUrl(config, idToken).catch(() => null);
}
