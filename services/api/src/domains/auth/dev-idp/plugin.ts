import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '@insp/db';
import type { AppConfig } from '../../../config.js';
import { devIssuer } from './keys.js';
import { createDevProvider, findDevAccount } from './provider.js';
import { errorPage, loginPage } from './pages.js';

type UidRequest = FastifyRequest<{ Params: { uid: string }; Body: { email?: string } }>;

/**
 * The development identity provider: a real OpenID Connect provider (oidc-provider) under /dev-idp, used
 * when no OIDC_ISSUER is configured. Its sign-in page asks only for an e-mail listed in dev_idp_accounts.
 * Never in production: it would let anyone sign in as any listed account without a password.
 */
export function devIdpPlugin(config: AppConfig, db: Db) {
  return async function devIdp(app: FastifyInstance) {
    if (config.nodeEnv === 'production') {
      throw new Error('The development identity provider does not run with NODE_ENV=production: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
    }
    const provider = await createDevProvider(config, db, (err) => app.log.error({ err }, 'development identity provider failed'));
    const mountPath = new URL(devIssuer(config)).pathname;
    const handle = provider.callback();

    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    app.get(`${mountPath}/interaction/:uid`, { schema: { hide: true } }, async (req: UidRequest, reply) => {
      const details = await interaction(provider, req, reply);
      if (!details) return expired(reply);
      return showLogin(provider, reply, details, String(details.params.login_hint ?? ''));
    });

    app.post(`${mountPath}/interaction/:uid/login`, { schema: { hide: true } }, async (req: UidRequest, reply) => {
      const details = await interaction(provider, req, reply);
      if (!details) return expired(reply);
      const email = String(req.body?.email ?? '').trim().toLowerCase();
      const account = email ? await findDevAccount(db, email) : undefined;
      if (!account) return showLogin(provider, reply, details, email, email ? `No account found for ${email}.` : 'Enter your e-mail address.');
      const returnTo = await provider.interactionResult(req.raw, reply.raw, { login: { accountId: account.email } }, { mergeWithLastSubmission: false });
      return reply.redirect(returnTo, 303);
    });

    // Everything else under the mount is the provider's own (Koa) app, handed the raw request. Hijacking in
    // onRequest keeps Fastify from reading the body, which the provider parses itself. Koa finds its routes
    // on the path without the prefix and rebuilds absolute URLs from originalUrl (its documented mounting).
    app.route({
      method: ['GET', 'POST', 'OPTIONS'],
      url: `${mountPath}/*`,
      schema: { hide: true },
      onRequest: async (req, reply) => {
        reply.hijack();
        const raw = req.raw as IncomingMessage & { originalUrl?: string };
        raw.originalUrl = raw.url;
        raw.url = raw.url!.slice(mountPath.length) || '/';
        await handle(raw, reply.raw);
      },
      handler: async () => undefined,
    });
  };
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

async function interaction(provider: Provider, req: UidRequest, reply: FastifyReply): Promise<Interaction | null> {
  const details = await provider.interactionDetails(req.raw, reply.raw).catch(() => null);
  return details && details.uid === req.params.uid && details.prompt.name === 'login' ? details : null;
}

async function showLogin(provider: Provider, reply: FastifyReply, details: Interaction, email: string, error?: string) {
  const client = await provider.Client.find(String(details.params.client_id));
  const action = `${new URL(provider.issuer).pathname}/interaction/${details.uid}/login`;
  return reply
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(loginPage({ action, email, clientName: client?.clientName ?? 'the product', error }));
}

function expired(reply: FastifyReply) {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(errorPage('This sign-in page has expired. Go back to the product and sign in again.'));
}
