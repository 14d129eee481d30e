import { z } from 'zod';
import {
  ZApplicationOptionsQuery,
  ZCategoryTitleTranslationsSave,
  ZPointTextTranslationsSave,
  ZPointTextsQuery,
  ZDropdownBatchUpdateCreate,
  ZDropdownPickerQuery,
  ZId,
  ZInspectionPhaseCreate,
  ZMeasurementLimitsSave,
  ZPointTranslationsSave,
  ZSimilarOptionsQuery,
  ZTagPointsQuery,
  ZTagsUpdate,
} from '@insp/contracts';
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
import { saveLimits } from './limits.service.js';
import { updateTranslations } from './translations.service.js';
import { categoryTitleTranslations, pointTextTranslations, updateCategoryTitleTranslations, updatePointTextTranslations } from './text-translations.service.js';
import { createBatchUpdate, getBatchUpdate, similarOptions } from './batch-update.service.js';
import { tagPoints, tagTargets, updateTags } from './tags.service.js';

const byId = z.object({ id: ZId });

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
  /** PUT semantics (update by id or by point and target, create when missing); createLimits is the POST. */
  saveLimits: authedProcedure.input(ZMeasurementLimitsSave).mutation(({ ctx, input }) => saveLimits(ctx, input, 'upsert')),
  createLimits: authedProcedure.input(ZMeasurementLimitsSave).mutation(({ ctx, input }) => saveLimits(ctx, input, 'create')),
  updateTranslations: authedProcedure.input(ZPointTranslationsSave).mutation(({ ctx, input }) => updateTranslations(ctx, input.id, input.kind, input.items)),
  /** Issue 19: the texts a report prints beside the point's name, and the reference category titles, in every language. */
  pointTextTranslations: authedProcedure.input(ZPointTextsQuery).query(({ ctx, input }) => pointTextTranslations(ctx, input.id)),
  updatePointTextTranslations: authedProcedure.input(ZPointTextTranslationsSave).mutation(({ ctx, input }) => updatePointTextTranslations(ctx, input)),
  categoryTitleTranslations: authedProcedure.query(({ ctx }) => categoryTitleTranslations(ctx)),
  updateCategoryTitleTranslations: authedProcedure.input(ZCategoryTitleTranslationsSave).mutation(({ ctx, input }) => updateCategoryTitleTranslations(ctx, input)),
  similarOptions: authedProcedure.input(ZSimilarOptionsQuery).query(({ ctx, input }) => similarOptions(ctx, input)),
  createBatchUpdate: authedProcedure.input(ZDropdownBatchUpdateCreate).mutation(({ ctx, input }) => createBatchUpdate(ctx, input)),
  batchUpdate: authedProcedure.input(byId).query(({ ctx, input }) => getBatchUpdate(ctx, input.id)),
  updateTags: authedProcedure.input(ZTagsUpdate).mutation(({ ctx, input }) => updateTags(ctx, input)),
  tagTargets: authedProcedure.input(z.object({ pointId: ZId })).query(({ ctx, input }) => tagTargets(ctx, input.pointId)),
  tagPoints: authedProcedure.input(ZTagPointsQuery).query(({ ctx, input }) => tagPoints(ctx, input)),
});
