import { z } from 'zod';
import { ZActionAccept, ZActionAssign, ZActionClose, ZActionDismiss, ZActionListQuery, ZId } from '@insp/contracts';
import { authedProcedure, router } from '../../trpc/trpc.js';
import { getAction, listActions, listFixCandidates } from './actions-read.service.js';
import { openActionsOfReport } from './actions-of-inspection.service.js';
import { acceptAction, assignAction, closeAction, dismissAction } from './actions-write.service.js';

const byId = z.object({ id: ZId });

/** tRPC procedures of follow-up actions (issue 24), over the same services as api/v1/actions. */
export const actionsRouter = router({
  list: authedProcedure.input(ZActionListQuery).query(({ ctx, input }) => listActions(ctx, input)),
  get: authedProcedure.input(byId).query(({ ctx, input }) => getAction(ctx, input.id)),
  ofInspection: authedProcedure.input(z.object({ inspectionId: ZId })).query(({ ctx, input }) => openActionsOfReport(ctx, input.inspectionId)),
  fixCandidates: authedProcedure.input(byId).query(({ ctx, input }) => listFixCandidates(ctx, input.id)),
  accept: authedProcedure.input(byId.extend({ data: ZActionAccept })).mutation(({ ctx, input }) => acceptAction(ctx, input.id, input.data)),
  dismiss: authedProcedure.input(byId.extend({ data: ZActionDismiss })).mutation(({ ctx, input }) => dismissAction(ctx, input.id, input.data)),
  assign: authedProcedure.input(byId.extend({ data: ZActionAssign })).mutation(({ ctx, input }) => assignAction(ctx, input.id, input.data)),
  close: authedProcedure.input(byId.extend({ data: ZActionClose })).mutation(({ ctx, input }) => closeAction(ctx, input.id, input.data)),
});
