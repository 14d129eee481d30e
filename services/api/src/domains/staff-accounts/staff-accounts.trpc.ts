import { z } from 'zod';
import { ZStaffAccountListQuery, ZStaffAccountUpdate } from '@insp/contracts';
import { authedProcedure, router } from '../../trpc/trpc.js';
import { getStaffAccount, listStaffAccounts, setStaffAccountFlags } from './staff-accounts.service.js';

const byId = z.object({ id: z.uuid() });

/** tRPC procedures of the staff accounts for the web app (react-admin data provider shape; update sets the flags). */
export const staffAccountsRouter = router({
  list: authedProcedure.input(ZStaffAccountListQuery).query(({ ctx, input }) => listStaffAccounts(ctx, input)),
  get: authedProcedure.input(byId).query(({ ctx, input }) => getStaffAccount(ctx, input.id)),
  update: authedProcedure.input(ZStaffAccountUpdate).mutation(({ ctx, input }) => setStaffAccountFlags(ctx, input.id, input.data)),
});
