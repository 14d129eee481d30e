import { ZAppLogQuery, ZWebLogDailyQuery, ZWebLogQuery } from '@insp/contracts';
import { authedProcedure, router } from '../../trpc/trpc.js';
import { listAppLogs, listAppSessions, listWebLogDays, listWebLogs } from './logs.service.js';

/** tRPC procedures of /weblogs and /Logs; the same services as api/v1/log. */
export const logsRouter = router({
  web: authedProcedure.input(ZWebLogQuery).query(({ ctx, input }) => listWebLogs(ctx, input)),
  webDaily: authedProcedure.input(ZWebLogDailyQuery).query(({ ctx, input }) => listWebLogDays(ctx, input)),
  app: authedProcedure.input(ZAppLogQuery).query(({ ctx, input }) => listAppLogs(ctx, input)),
  appSessions: authedProcedure.input(ZAppLogQuery).query(({ ctx, input }) => listAppSessions(ctx, input)),
});
