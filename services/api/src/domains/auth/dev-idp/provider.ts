import Provider, { interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '@insp/db';
import type { AppConfig } from '../../../config.js';
import { postgresAdapter } from './adapter.js';
import { DEV_CLIENT_ID, derivedSecret, devClientSecret, devIssuer, loadOrCreateSigningKeys } from './keys.js';
import { errorPage, logoutPage, signedOutPage } from './pages.js';

export const DEV_SCOPES = 'openid email profile';

/** A directory stand-in: the accounts the development provider signs in, with the groups it hands out. */
export async function findDevAccount(db: Db, email: string) {
  return db.selectFrom('dev_idp_accounts').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

/**
 * Besides the default checks, ask for sign-in again when the product names a different account in
 * login_hint than the one signed in at the provider: otherwise "sign in as b@" would silently yield a@.
 */
function interactionPolicyWithLoginHint() {
  const policy = interactionPolicy.base();
  policy.get('login')!.checks.add(
    new interactionPolicy.Check('login_hint_mismatch', 'login_hint names another account', (ctx) => {
      const hint = ctx.oidc.params?.login_hint;
      const current = ctx.oidc.session?.accountId;
      if (ctx.oidc.result?.login || typeof hint !== 'string' || !current) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
      return hint.trim().toLowerCase() === current ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT;
    }),
  );
  return policy;
}

/**
 * The product is this provider's only client and is first party, so consent is implied: the grant is
 * made (or widened to the requested scopes) here instead of on a consent screen.
 */
async function loadExistingGrant(ctx: KoaContextWithOIDC) {
  const { client, account, session, provider } = ctx.oidc;
  if (!client || !account || !session) return undefined;
  const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const grant = (grantId && (await provider.Grant.find(grantId))) || new provider.Grant({ clientId: client.clientId, accountId: account.accountId });
  grant.addOIDCScope([...ctx.oidc.requestParamScopes].join(' '));
  await grant.save();
  return grant;
}

export async function createDevProvider(config: AppConfig, db: Db, onError: (err: unknown) => void): Promise<Provider> {
  const issuer = devIssuer(config);
  const mountPath = new URL(issuer).pathname;
  const configuration: Configuration = {
    adapter: postgresAdapter(db),
    jwks: (await loadOrCreateSigningKeys(db)) as Configuration['jwks'],
    cookies: { keys: [derivedSecret(config, 'cookie-keys')] },
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_name: 'Inspections',
        client_secret: devClientSecret(config),
        redirect_uris: [`${config.publicUrl}/auth/callback`],
        post_logout_redirect_uris: [`${config.publicUrl}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { methods: ['S256'], required: () => true },
    // Groups travel in the ID token (the product reads level from them); email too, which strict
    // conformance would move to /userinfo only.
    conformIdTokenClaims: false,
    claims: { openid: ['sub', 'groups'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, sub) => {
      const account = await findDevAccount(db, sub);
      if (!account) return undefined;
      return {
        accountId: account.email,
        claims: async () => ({ sub: account.email, email: account.email, email_verified: true, name: account.name, groups: account.groups }),
      };
    },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}`, policy: interactionPolicyWithLoginHint() },
    loadExistingGrant,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.body = signedOutPage(`${config.publicUrl}/`);
        },
      },
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(out.error_description ?? out.error);
    },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 8 * 3600, Grant: 8 * 3600 },
  };
  const provider = new Provider(issuer, configuration);
  // Behind the same proxy as the API (Fastify trusts it too): X-Forwarded-Proto/Host give the public address.
  provider.proxy = true;
  provider.on('server_error', (_ctx, err) => onError(err));
  return provider;
}
