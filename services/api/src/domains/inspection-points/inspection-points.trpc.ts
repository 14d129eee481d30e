import { z } from 'zod';
import { ZId, ZInspectionPointCreate, ZInspectionPointListQuery, ZInspectionPointWrite, ZPointGeneralFieldsUpdate } from '@insp/contracts';
import { keyFromInput } from '../../lib/idempotency.js';
import { authedProcedure, router } from '../../trpc/trpc.js';
import { duplicatePoint } from './inspection-points-duplicate.service.js';
import { getPoint, listPoints, pointProtocols } from './inspection-points-read.service.js';
import { createPoint, deletePoint, updateGeneralFields, updatePoint } from './inspection-points-write.service.js';

const byId = z.object({ id: ZId });

/**
 * tRPC procedures of inspection point authoring (issue 9): list, get, create, update, duplicate, general fields,
 * delete, protocols. The editor always saves with deleteMissingById semantics (what it omits is removed).
 */
export const inspectionPointsRouter = router({
  list: authedProcedure.input(ZInspectionPointListQuery).query(({ ctx, input }) => listPoints(ctx, input)),
  get: authedProcedure.input(byId).query(({ ctx, input }) => getPoint(ctx, input.id)),
  protocols: authedProcedure.input(byId).query(({ ctx, input }) => pointProtocols(ctx, input.id)),
  // clientRequestId: the idempotency key of the create (REST: the Idempotency-Key header); see createPoint.
  create: authedProcedure.input(ZInspectionPointCreate).mutation(({ ctx, input }) => createPoint(ctx, input, { key: keyFromInput(input.clientRequestId) })),
  update: authedProcedure
    .input(ZInspectionPointWrite.extend({ id: ZId }))
    .mutation(({ ctx, input }) => updatePoint(ctx, input.id, input, { deleteMissing: true })),
  duplicate: authedProcedure.input(byId).mutation(({ ctx, input }) => duplicatePoint(ctx, input.id)),
  updateGeneralFields: authedProcedure.input(ZPointGeneralFieldsUpdate).mutation(({ ctx, input }) => updateGeneralFields(ctx, input)),
  delete: authedProcedure.input(byId).mutation(({ ctx, input }) => deletePoint(ctx, input.id)),
});
