import { z } from 'zod';
import { ZByProductModelsQuery, ZEquipmentInput, ZEquipmentListQuery, ZId } from '@insp/contracts';
import { authedProcedure, router } from '../../trpc/trpc.js';
import { equipmentByModels, equipmentInspectionCount, getEquipment, listEquipment } from './equipment-read.service.js';
import { createEquipment, deleteEquipment, updateEquipment } from './equipment-write.service.js';

const byId = z.object({ id: ZId });

/** tRPC procedures of this domain for the web app (react-admin resource 'Equipments'). */
export const equipmentRouter = router({
  list: authedProcedure.input(ZEquipmentListQuery).query(({ ctx, input }) => listEquipment(ctx, input)),
  get: authedProcedure.input(byId).query(({ ctx, input }) => getEquipment(ctx, input.id)),
  inspectionCount: authedProcedure.input(byId).query(({ ctx, input }) => equipmentInspectionCount(ctx, input.id)),
  byProductModels: authedProcedure.input(ZByProductModelsQuery).query(({ ctx, input }) => equipmentByModels(ctx, input.productModelIds)),
  // The form sends the whole record (react-admin); the schema keeps only the editable fields.
  create: authedProcedure.input(ZEquipmentInput).mutation(({ ctx, input }) => createEquipment(ctx, input)),
  update: authedProcedure
    .input(z.object({ id: ZId, data: ZEquipmentInput }))
    .mutation(({ ctx, input }) => updateEquipment(ctx, input.id, input.data)),
  delete: authedProcedure.input(byId).mutation(({ ctx, input }) => deleteEquipment(ctx, input.id)),
});
