import type { FastifyInstance } from 'fastify';
import type { Db } from '@insp/db';
import type { AppConfig } from '../../config.js';
import { devIdpPlugin } from './dev-idp/plugin.js';
import { oidcRoutes } from './oidc.rest.js';

/**
 * Staff identity for the composition root (buildApp's extraPlugins): the development identity provider
 * when no OIDC_ISSUER is configured, and the sign-in routes, which talk to whichever issuer is in use.
 */
export function identityPlugins(config: AppConfig, db: Db): Array<(app: FastifyInstance) => Promise<void>> {
  return [...(config.oidc ? [] : [devIdpPlugin(config, db)]), oidcRoutes];
}
