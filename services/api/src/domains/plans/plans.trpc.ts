import { z } from 'zod';
import { ZDueQuery, ZId, ZPlanBulkInput, ZPlanInput, ZPlanInspectorsQuery, ZPlanUpdate } from '@insp/contracts';
import { authedProcedure, router } from '../../trpc/trpc.js';
import { getPlan, listDuePlans } from './plans-read.service.js';
import { listPlanInspectors } from './plans-inspectors.service.js';
import { dueExportStatus, startDueExport } from './plans-export.service.js';
import { createPlan, createPlansForSite, deletePlan, updatePlan } from './plans-write.service.js';

const byId = z.object({ id: ZId });

/** tRPC procedures of inspection plans (issue 24) for the web app, over the same services as api/v1/plans. */
export const plansRouter = router({
  due: authedProcedure.input(ZDueQuery).query(({ ctx, input }) => listDuePlans(ctx, input)),
  get: authedProcedure.input(byId).query(({ ctx, input }) => getPlan(ctx, input.id)),
  create: authedProcedure.input(ZPlanInput).mutation(({ ctx, input }) => createPlan(ctx, input)),
  createForSite: authedProcedure.input(ZPlanBulkInput).mutation(({ ctx, input }) => createPlansForSite(ctx, input)),
  update: authedProcedure.input(z.object({ id: ZId, data: ZPlanUpdate })).mutation(({ ctx, input }) => updatePlan(ctx, input.id, input.data)),
  inspectors: authedProcedure.input(ZPlanInspectorsQuery).query(({ ctx, input }) => listPlanInspectors(ctx, input.search)),
  delete: authedProcedure.input(byId).mutation(({ ctx, input }) => deletePlan(ctx, input.id)),
  /** Starts the due list's Excel export (same filters as `due`); poll `exportDueStatus`, then GET api/v1/plans/due/export/{id}/file. */
  exportDue: authedProcedure.input(ZDueQuery).mutation(({ ctx, input }) => startDueExport(ctx, input)),
  exportDueStatus: authedProcedure.input(byId).query(({ ctx, input }) => dueExportStatus(ctx, input.id)),
});
