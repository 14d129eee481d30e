import { z } from 'zod';
import { ZCertifiedUserInput, ZCertifiedUserListQuery, ZCertifiedUserPatch } from '@insp/contracts';
import { authedProcedure, router } from '../../trpc/trpc.js';
import { certificationFamilies, createCertified, deleteCertified, getCertified, listCertified } from './certified-users.service.js';
import { updateCertified } from './certified-users.update.js';

const ZIdInput = z.object({ id: z.uuid() });

/** tRPC procedures for the web app's /certifications (react-admin data provider shape); same services as REST. */
export const certifiedUsersRouter = router({
  list: authedProcedure.input(ZCertifiedUserListQuery).query(({ ctx, input }) => listCertified(ctx, input)),
  get: authedProcedure.input(ZIdInput).query(({ ctx, input }) => getCertified(ctx, input.id)),
  create: authedProcedure.input(ZCertifiedUserInput).mutation(({ ctx, input }) => createCertified(ctx, input)),
  update: authedProcedure
    .input(z.object({ id: z.uuid(), data: ZCertifiedUserPatch }))
    .mutation(({ ctx, input }) => updateCertified(ctx, input.id, input.data)),
  families: authedProcedure.query(({ ctx }) => certificationFamilies(ctx)),
  delete: authedProcedure.input(ZIdInput).mutation(async ({ ctx, input }) => {
    await deleteCertified(ctx, input.id);
    return { id: input.id };
  }),
});
