import { z } from 'zod';
import { ZExternalUserInput, ZExternalUserListQuery, ZExternalUserUpdate } from '@insp/contracts';
import { authedProcedure, router } from '../../trpc/trpc.js';
import { getExternalUser, listCompanies, listExternalUsers, listProductCategories } from './external-users.service.js';
import { activateExternalUser, createExternalUser, deleteExternalUser, updateExternalUser } from './external-users.write.js';

const byId = z.object({ id: z.uuid() });

/** tRPC procedures of this domain for the web app (react-admin data provider shape; thin: parse, call the service, return). */
export const externalUsersRouter = router({
  list: authedProcedure.input(ZExternalUserListQuery).query(({ ctx, input }) => listExternalUsers(ctx, input)),
  get: authedProcedure.input(byId).query(({ ctx, input }) => getExternalUser(ctx, input.id)),
  create: authedProcedure.input(ZExternalUserInput).mutation(({ ctx, input }) => createExternalUser(ctx, input)),
  update: authedProcedure.input(ZExternalUserUpdate).mutation(({ ctx, input }) => updateExternalUser(ctx, input.id, input.data)),
  delete: authedProcedure.input(byId).mutation(({ ctx, input }) => deleteExternalUser(ctx, input.id)),
  activate: authedProcedure.input(byId).mutation(({ ctx, input }) => activateExternalUser(ctx, input.id)),
  companies: authedProcedure.query(({ ctx }) => listCompanies(ctx)),
  categories: authedProcedure.query(({ ctx }) => listProductCategories(ctx)),
});
