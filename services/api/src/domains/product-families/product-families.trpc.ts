import { z } from 'zod';
import { ZId, ZProductFamilyCreate, ZProductFamilyListQuery, ZProductFamilyUpdate, ZProductModelCreate, ZProductModelListQuery, ZProductModelUpdate } from '@insp/contracts';
import { authedProcedure, router } from '../../trpc/trpc.js';
import {
  allCategories,
  allFamilies,
  createFamily,
  createModel,
  familyModels,
  getFamily,
  queryFamilies,
} from './product-families.service.js';
import { deleteFamily, deleteModel, renameFamily, renameModel } from './product-families-edit.service.js';

const byId = z.object({ id: ZId });
const byModel = z.object({ familyId: ZId, modelId: ZId });

/** tRPC procedures of this domain for the web app (thin: parse, call the service, return). */
export const productFamiliesRouter = router({
  list: authedProcedure.input(ZProductFamilyListQuery).query(({ ctx, input }) => queryFamilies(ctx, input)),
  all: authedProcedure.query(({ ctx }) => allFamilies(ctx)),
  get: authedProcedure.input(z.object({ id: ZId })).query(({ ctx, input }) => getFamily(ctx, input.id)),
  create: authedProcedure.input(ZProductFamilyCreate).mutation(({ ctx, input }) => createFamily(ctx, input)),
  models: authedProcedure
    .input(ZProductModelListQuery.extend({ familyId: ZId }))
    .query(({ ctx, input }) => familyModels(ctx, input.familyId, input.orderDirection)),
  createModel: authedProcedure
    .input(ZProductModelCreate.extend({ familyId: ZId }))
    .mutation(({ ctx, input }) => createModel(ctx, input.familyId, { name: input.name })),
  categories: authedProcedure.query(({ ctx }) => allCategories(ctx)),
  rename: authedProcedure.input(ZProductFamilyUpdate.extend({ id: ZId })).mutation(({ ctx, input: { id, ...data } }) => renameFamily(ctx, id, data)),
  delete: authedProcedure.input(byId).mutation(({ ctx, input }) => deleteFamily(ctx, input.id)),
  renameModel: authedProcedure
    .input(ZProductModelUpdate.extend({ familyId: ZId, modelId: ZId }))
    .mutation(({ ctx, input }) => renameModel(ctx, input.familyId, input.modelId, { name: input.name })),
  deleteModel: authedProcedure.input(byModel).mutation(({ ctx, input }) => deleteModel(ctx, input.familyId, input.modelId)),
});
