import { z } from 'zod';
import { ZId, ZInspectionListQuery, ZInspectionRatingInput, ZInspectionStatusInput } from '@insp/contracts';
import { authedProcedure, keyField, once, router } from '../../trpc/trpc.js';
import { listInspections } from './inspections-list.service.js';
import { deleteInspection, rateInspection, updateInspectionStatus } from './inspections-write.service.js';

const byId = z.object({ id: ZId });

/** tRPC procedures of the inspections domain for the web app (reports list, My page). */
export const inspectionsRouter = router({
  list: authedProcedure.input(ZInspectionListQuery).query(({ ctx, input }) => listInspections(ctx, input)),
  updateStatus: authedProcedure
    .input(z.object({ id: ZId, data: ZInspectionStatusInput }))
    .mutation(({ ctx, input }) => updateInspectionStatus(ctx, input.id, input.data)),
  rate: authedProcedure
    .input(z.object({ id: ZId, data: ZInspectionRatingInput }))
    .mutation(({ ctx, input }) => rateInspection(ctx, input.id, input.data)),
  delete: authedProcedure.input(byId.extend(keyField)).mutation(({ ctx, input }) => once(ctx, 'inspection.delete', input, (c) => deleteInspection(c, input.id))),
});
