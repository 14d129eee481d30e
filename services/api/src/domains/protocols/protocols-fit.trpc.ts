import { ZProtocolFitQuery } from '@insp/contracts';
import { authedProcedure, router } from '../../trpc/trpc.js';
import { protocolsByFit } from './protocols-fit.service.js';

/** tRPC: protocols that fit a machine, best first (same service as GET api/v1/InspectionProtocols/sortedByFit). */
export const protocolsFitRouter = router({
  sortedByFit: authedProcedure.input(ZProtocolFitQuery).query(({ ctx, input }) => protocolsByFit(ctx, input)),
});
