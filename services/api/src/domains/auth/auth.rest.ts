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
    schema: { tags, body: ZExternalLogin, response: { 200: ZAccessToken } },
    handler: (req) => externalLogin(req.ctx, req.body),
  });

  r.get('/auth/group', { schema: { tags, response: { 200: ZAuthGroup } }, handler: (req) => authGroup(req.ctx) });
  r.get('/auth/user', { schema: { tags, response: { 200: ZAuthUser } }, handler: (req) => authUser(req.ctx) });
  r.get('/auth/accountFlags', { schema: { tags, response: { 200: ZAccountFlags } }, handler: (req) => accountFlags(req.ctx) });
  r.get('/auth/debugtoken', {
    schema: { tags, querystring: ZDebugTokenQuery, response: { 200: ZAccessToken } },
    handler: (req) => debugToken(req.ctx, req.query.groups),
  });
  r.post('/auth/logout', {
    config: { public: true },
    schema: { tags, response: { 200: z.object({ redirectTo: z.string() }) } },
    handler: (req) => logout(req.ctx, (idToken) => idpLogoutUrl(req.ctx.config, idToken)),
  });
  r.get('/auth/config', {
    config: { public: true },
    schema: { tags, response: { 200: ZPublicConfig } },
    handler: (req) => ({ companyEmailDomain: req.ctx.config.companyEmailDomain, publicUrl: req.ctx.config.publicUrl }),
  });

  r.put('/api/v1/externalUsers/:id/password', {
    config: { public: true },
    schema: { tags, params: z.object({ id: z.uuid() }), body: ZSetPassword, response: { 200: z.object({ ok: z.boolean() }) } },
    handler: async (req) => {
      await setPassword(req.ctx, req.params.id, req.body);
      return { ok: true };
    },
  });
  r.post('/api/v1/externalUsers/forgotpasswordemail', {
    config: { public: true },
    schema: { tags, body: ZForgotPassword, response: { 200: z.object({ ok: z.boolean() }) } },
    handler: async (req) => {
      await forgotPassword(req.ctx, req.body);
      return { ok: true };
    },
  });
}
