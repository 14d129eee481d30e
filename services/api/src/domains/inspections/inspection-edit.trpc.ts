import { z } from 'zod';
import { ZId, ZInspectionCreate, ZInspectionUpdate, ZInspectionUpdateQuery, ZResultsInput } from '@insp/contracts';
import { authedProcedure, keyField, once, router } from '../../trpc/trpc.js';
import { createInspection } from './inspection-create.service.js';
import { getInspectionEmailChoices } from './inspection-email-choices.service.js';
import { getInspectionEditDetails, getInspectionPreviousValues, getInspectionWeb } from './inspection-read.service.js';
import { finishInspection, saveInspectionResults } from './inspection-results.service.js';
import { updateInspection } from './inspection-update.service.js';

const byId = z.object({ id: ZId });

/** tRPC procedures for the report edit form and the protocol view, over the same services as the REST calls. */
export const inspectionEditRouter = router({
  web: authedProcedure.input(byId).query(({ ctx, input }) => getInspectionWeb(ctx, input.id)),
  editDetails: authedProcedure.input(byId).query(({ ctx, input }) => getInspectionEditDetails(ctx, input.id)),
  previousValues: authedProcedure.input(byId).query(({ ctx, input }) => getInspectionPreviousValues(ctx, input.id)),
  emailChoices: authedProcedure.input(byId).query(({ ctx, input }) => getInspectionEmailChoices(ctx, input.id)),
  update: authedProcedure
    .input(ZInspectionUpdateQuery.extend({ data: ZInspectionUpdate, ...keyField }))
    .mutation(({ ctx, input }) => once(ctx, 'inspection.update', input, (c) => updateInspection(c, input.id, input.lang, input.data))),
  create: authedProcedure
    .input(ZInspectionCreate.extend(keyField))
    .mutation(({ ctx, input: { clientRequestId, ...data } }) => once(ctx, 'inspection.create', { clientRequestId, ...data }, (c) => createInspection(c, data))),
  saveResults: authedProcedure
    .input(byId.extend({ data: ZResultsInput, ...keyField }))
    .mutation(({ ctx, input }) => once(ctx, 'inspection.results', input, (c) => saveInspectionResults(c, input.id, input.data))),
  finish: authedProcedure.input(byId.extend(keyField)).mutation(({ ctx, input }) => once(ctx, 'inspection.finish', input, (c) => finishInspection(c, input.id))),
});
