import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  ZAccessToken,
  ZAccountFlags,
  ZAuthGroup,
  ZAuthUser,
  ZDebugTokenQuery,
  ZExternalLogin,
  ZForgotPassword,
  ZPublicConfig,
  ZSetPassword,
} from '@insp/contracts';
import { typed } from '../../rest/route-helpers.js';
import { accountFlags, authGroup, authUser, debugToken, externalLogin, logout } from './session.service.js';
import { forgotPassword, setPassword } from './password.service.js';
import { idpLogoutUrl } from './identity-provider.js';

const tags = ['auth'];

/** Auth calls of spec 002 §7 at their exact paths. */
export async function authRestRoutes(app: FastifyInstance) {
  const r = typed(app);

  r.post('/api/v1/auth/external', {
    config: { public: true },
    schema: { tags, summary: 'Signs a distributor user in with e-mail and password; answers the access token', body: ZExternalLogin, response: { 200: ZAccessToken } },
    handler: (req) => externalLogin(req.ctx, req.body),
  });

  r.get('/auth/group', { schema: { tags, summary: "The signed-in user's level (group) and its name", response: { 200: ZAuthGroup } }, handler: (req) => authGroup(req.ctx) });
  r.get('/auth/user', { schema: { tags, summary: 'The signed-in user: name, e-mail, and for a distributor user its company and whether it is a distributor admin', response: { 200: ZAuthUser } }, handler: (req) => authUser(req.ctx) });
  r.get('/auth/accountFlags', { schema: { tags, summary: "The signed-in user's account flags", response: { 200: ZAccountFlags } }, handler: (req) => accountFlags(req.ctx) });
  r.get('/auth/debugtoken', {
    schema: { tags, summary: "For Developers: a token of one's own account acting with the given staff groups, to see the product as another role", querystring: ZDebugTokenQuery, response: { 200: ZAccessToken } },
    handler: (req) => debugToken(req.ctx, req.query.groups),
  });
  r.post('/auth/logout', {
    config: { public: true },
    schema: { tags, summary: 'Ends the session; answers where the browser goes next', response: { 200: z.object({ redirectTo: z.string() }) } },
    handler: (req) => logout(req.ctx, (idToken) => idpLogoutUrl(req.ctx.config, idToken)),
  });
  r.get('/auth/config', {
    config: { public: true },
    schema: { tags, summary: 'Public settings the sign-in screen needs: the company e-mail domain (staff sign in through the identity provider) and the public address', response: { 200: ZPublicConfig } },
    handler: (req) => ({ companyEmailDomain: req.ctx.config.companyEmailDomain, publicUrl: req.ctx.config.publicUrl }),
  });

  r.put('/api/v1/externalUsers/:id/password', {
    config: { public: true },
    schema: { tags, summary: "Sets a distributor user's password with the token of the e-mailed link (no sign-in); ends the account's other sessions", params: z.object({ id: z.uuid() }), body: ZSetPassword, response: { 200: z.object({ ok: z.boolean() }) } },
    handler: async (req) => {
      await setPassword(req.ctx, req.params.id, req.body);
      return { ok: true };
    },
  });
  r.post('/api/v1/externalUsers/forgotpasswordemail', {
    config: { public: true },
    schema: { tags, summary: 'E-mails a distributor user a link to set a new password (no sign-in; the same answer whether or not the account exists)', body: ZForgotPassword, response: { 200: z.object({ ok: z.boolean() }) } },
    handler: async (req) => {
      await forgotPassword(req.ctx, req.body);
      return { ok: true };
    },
  });
}
