import { z } from 'zod';
import { ZApplicationOptionsQuery, ZDropdownPickerQuery, ZInspectionPhaseCreate } from '@insp/contracts';
import { authedProcedure, router } from '../../trpc/trpc.js';
import {
  applicationOptions,
  categoryTitles,
  createInspectionPhase,
  inspectionPhases,
  languages,
  productCategoryTranslations,
  units,
  useCases,
} from './reference.service.js';
import { documentTree, existingDropdowns, optionGroups } from './pickers.service.js';

/** tRPC procedures around point authoring (issue 9): reference data, option groups, dropdowns, batch update, limits, translations, tags. */
export const pointAuthoringRouter = router({
  units: authedProcedure.query(({ ctx }) => units(ctx)),
  categoryTitles: authedProcedure.query(({ ctx }) => categoryTitles(ctx)),
  productCategories: authedProcedure.query(({ ctx }) => productCategoryTranslations(ctx)),
  applicationOptions: authedProcedure.input(ZApplicationOptionsQuery).query(({ ctx, input }) => applicationOptions(ctx, input.applicationName)),
  inspectionPhases: authedProcedure.query(({ ctx }) => inspectionPhases(ctx)),
  createInspectionPhase: authedProcedure
    .input(ZInspectionPhaseCreate)
    .mutation(async ({ ctx, input }) => (await createInspectionPhase(ctx, input)).phase),
  languages: authedProcedure.query(({ ctx }) => languages(ctx)),
  useCases: authedProcedure.query(({ ctx }) => useCases(ctx)),
  optionGroups: authedProcedure.input(z.object({ custom: z.boolean().default(false) })).query(({ ctx, input }) => optionGroups(ctx, input.custom)),
  dropdowns: authedProcedure.input(ZDropdownPickerQuery).query(({ ctx, input }) => existingDropdowns(ctx, input)),
  documentTree: authedProcedure.query(({ ctx }) => documentTree(ctx)),
});
