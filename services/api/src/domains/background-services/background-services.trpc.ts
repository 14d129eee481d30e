import { ZBackgroundServiceEnabled, ZBackgroundServiceId } from '@insp/contracts';
import { authedProcedure, router } from '../../trpc/trpc.js';
import { listBackgroundServices, resetService, setServiceEnabled } from './background-services.service.js';

/** tRPC procedures of /BackgroundServices; the same services as api/v1/backgroundServices. */
export const backgroundServicesRouter = router({
  list: authedProcedure.query(({ ctx }) => listBackgroundServices(ctx)),
  setEnabled: authedProcedure
    .input(ZBackgroundServiceId.extend(ZBackgroundServiceEnabled.shape))
    .mutation(({ ctx, input }) => setServiceEnabled(ctx, input.id, input.enabled)),
  reset: authedProcedure.input(ZBackgroundServiceId).mutation(({ ctx, input }) => resetService(ctx, input.id)),
});
