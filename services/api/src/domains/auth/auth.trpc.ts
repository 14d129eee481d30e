import { z } from 'zod';
import { ZDebugTokenInput, ZExternalLogin, ZForgotPassword, ZSetPassword } from '@insp/contracts';
import { authedProcedure, publicProcedure, router } from '../../trpc/trpc.js';
import { currentSession, debugToken, externalLogin, logout } from './session.service.js';
import { forgotPassword, setPassword } from './password.service.js';
import { idpLogoutUrl } from './identity-provider.js';

export const authRouter = router({
  session: authedProcedure.query(({ ctx }) => currentSession(ctx)),
  // /Admin's SET TOKEN; the same service (and rule) as GET /auth/debugtoken.
  debugToken: authedProcedure.input(ZDebugTokenInput).mutation(({ ctx, input }) => debugToken(ctx, input.groups)),
  externalLogin: publicProcedure.input(ZExternalLogin).mutation(({ ctx, input }) => externalLogin(ctx, input)),
  logout: publicProcedure.mutation(({ ctx }) => logout(ctx, (idToken) => idpLogoutUrl(ctx.config, idToken))),
  forgotPassword: publicProcedure.input(ZForgotPassword).mutation(async ({ ctx, input }) => {
    await forgotPassword(ctx, input);
    return { ok: true };
  }),
  setPassword: publicProcedure
    .input(ZSetPassword.extend({ userId: z.uuid() }))
    .mutation(async ({ ctx, input }) => {
      await setPassword(ctx, input.userId, input);
      return { ok: true };
    }),
});
