import { z } from 'zod';
import { ZId } from '@insp/contracts';
import { authedProcedure, router } from '../../trpc/trpc.js';
import { auditBundle, inspectionBundle } from './offline-bundle.service.js';

const byId = z.object({ id: ZId });

/** 'Make available offline' (issue 23): each editor's reads and the files it fetches, in one call. */
export const offlineRouter = router({
  inspection: authedProcedure.input(byId).query(({ ctx, input }) => inspectionBundle(ctx, input.id)),
  audit: authedProcedure.input(byId).query(({ ctx, input }) => auditBundle(ctx, input.id)),
});
