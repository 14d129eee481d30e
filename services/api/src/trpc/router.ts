import { router } from './trpc.js';
import { authRouter } from '../domains/auth/auth.trpc.js';

/** The web app's API. Each domain adds its router here. */
export const appRouter = router({
  auth: authRouter,
});
export type AppRouter = typeof appRouter;
