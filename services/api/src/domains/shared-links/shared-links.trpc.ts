import { z } from 'zod';
import { ZId, ZSharedLinkTarget } from '@insp/contracts';
import { authedProcedure, router } from '../../trpc/trpc.js';
import { listSharedLinks, revokeSharedLink } from './shared-links.service.js';

/** tRPC procedures of shared report links for the web app (issue 20), over the same services as the REST calls. */
export const sharedLinksRouter = router({
  list: authedProcedure.input(ZSharedLinkTarget).query(({ ctx, input }) => listSharedLinks(ctx, input)),
  revoke: authedProcedure.input(z.object({ id: ZId })).mutation(({ ctx, input }) => revokeSharedLink(ctx, input.id)),
});
