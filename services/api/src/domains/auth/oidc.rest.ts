import { z } from 'zod';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isStaffEmail, ZEmail, ZText } from '@insp/contracts';
import type { AppConfig } from '../../config.js';
import { typed } from '../../rest/route-helpers.js';
import { authorizationRequest, redeemCallback } from './oidc-client.js';
import { FLOW_COOKIE, flowCookieOptions, openFlow, publicOriginRedirect, safeReturnTo, sealFlow } from './oidc-flow.js';
import { staffSignIn } from './oidc.service.js';

const tags = ['auth'];

/** Read by the web app's /auth/token page, which moves it into storage and deletes it (spec 002 §2). */
export const TOKEN_COOKIE = 'Token';

/** Failures land on the login screen, which shows a message for the code. */
const toLoginScreen = (reply: FastifyReply, code: string) => reply.redirect(`/?loginError=${encodeURIComponent(code)}`, 302);

const tokenCookieOptions = (config: AppConfig) => ({
  path: '/',
  sameSite: 'lax' as const,
  secure: config.publicUrl.startsWith('https:'),
  httpOnly: false,
  maxAge: 60,
});

/** Staff sign-in through OpenID Connect: authorization code with PKCE. Browser navigations, answered with redirects. */
export async function oidcRoutes(app: FastifyInstance) {
  const r = typed(app);

  r.get('/api/v1/auth/login', {
    config: { public: true },
    schema: {
      tags,
      summary: 'Starts staff sign-in: redirects to the identity provider with the e-mail as login hint',
      querystring: z.object({
        email: ZEmail.optional(),
        returnTo: ZText.max(2000).optional(),
        // Set on the hop to PUBLIC_URL, so a proxy that hides the public address cannot cause a redirect loop.
        atPublicUrl: z.literal('1').optional(),
      }),
    },
    handler: async (req, reply) => {
      const { config } = req.ctx;
      const { email, returnTo, atPublicUrl } = req.query;
      if (!atPublicUrl) {
        const query = new URLSearchParams({ ...(email ? { email } : {}), ...(returnTo ? { returnTo } : {}), atPublicUrl: '1' });
        const elsewhere = publicOriginRedirect(config.publicUrl, `${req.protocol}://${req.host}`, `/api/v1/auth/login?${query}`);
        if (elsewhere) return reply.redirect(elsewhere, 302);
      }
      if (email && !isStaffEmail(email, config.companyEmailDomain)) return toLoginScreen(reply, 'not_company_email');
      let request;
      try {
        request = await authorizationRequest(config, email);
      } catch (err) {
        req.log.error({ err }, 'identity provider unreachable');
        return toLoginScreen(reply, 'unavailable');
      }
      const sealed = await sealFlow(config, { ...request.checks, returnTo: safeReturnTo(returnTo) });
      reply.setCookie(FLOW_COOKIE, sealed, flowCookieOptions(config));
      return reply.redirect(request.url.href, 302);
    },
  });

  r.get('/auth/callback', {
    config: { public: true },
    schema: { tags, summary: 'Identity provider redirect target: ends staff sign-in and hands the token to /auth/token' },
    handler: async (req, reply) => {
      const { config } = req.ctx;
      const opened = await openFlow(config, req.cookies[FLOW_COOKIE]);
      reply.clearCookie(FLOW_COOKIE, { path: flowCookieOptions(config).path });
      if (!opened.ok) return toLoginScreen(reply, opened.reason === 'expired' ? 'expired' : 'flow_missing');
      const { flow } = opened;
      // A callback for a sign-in another tab or browser started: say so rather than a generic failure.
      if (new URLSearchParams(req.url.split('?')[1] ?? '').get('state') !== flow.state) return toLoginScreen(reply, 'flow_missing');
      let identity;
      try {
        identity = await redeemCallback(config, req.url.split('?')[1] ?? '', flow);
      } catch (err) {
        req.log.warn({ err }, 'staff sign-in at the identity provider failed');
        return toLoginScreen(reply, 'failed');
      }
      const result = await staffSignIn(req.ctx, identity);
      if (!result.ok) {
        req.log.warn({ email: identity.email, reason: result.reason }, 'staff sign-in refused');
        return toLoginScreen(reply, result.reason);
      }
      reply.setCookie(TOKEN_COOKIE, result.accessToken, tokenCookieOptions(config));
      return reply.redirect(`/auth/token?returnTo=${encodeURIComponent(flow.returnTo)}`, 302);
    },
  });
}
