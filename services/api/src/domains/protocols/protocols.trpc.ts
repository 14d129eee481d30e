import { z } from 'zod';
import { ZJsonValue, ZListQuery, ZProtocolCreate, ZProtocolListQuery, ZProtocolUpdate } from '@insp/contracts';
import { authedProcedure, router } from '../../trpc/trpc.js';
import { createProtocol } from './protocols-create.service.js';
import { protocolExport } from './protocols-export.service.js';
import { getProtocol, obsoleteProtocols, protocolTypes, searchProtocols } from './protocols-read.service.js';
import { copyProtocol, softDeleteProtocol, updateDependencyJson } from './protocols-write.service.js';
import { updateProtocol } from './protocols-update.service.js';

const byId = z.object({ id: z.uuid() });

/** tRPC procedures of the protocols screen (same services as protocols.rest.ts). */
export const protocolsRouter = router({
  types: authedProcedure.query(({ ctx }) => protocolTypes(ctx)),
  list: authedProcedure.input(ZProtocolListQuery).query(({ ctx, input }) => searchProtocols(ctx, input)),
  obsolete: authedProcedure.input(ZListQuery).query(({ ctx, input }) => obsoleteProtocols(ctx, input)),
  get: authedProcedure.input(byId).query(({ ctx, input }) => getProtocol(ctx, input.id)),
  create: authedProcedure.input(ZProtocolCreate).mutation(({ ctx, input }) => createProtocol(ctx, input)),
  update: authedProcedure.input(z.object({ id: z.uuid(), protocol: ZProtocolUpdate })).mutation(({ ctx, input }) => updateProtocol(ctx, input.id, input.protocol)),
  copy: authedProcedure.input(byId).mutation(({ ctx, input }) => copyProtocol(ctx, input.id)),
  softDelete: authedProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await softDeleteProtocol(ctx, input.id);
    return { id: input.id };
  }),
  updateDependencyJson: authedProcedure
    .input(z.object({ id: z.uuid(), pointId: z.uuid(), dependencyId: z.uuid(), json: ZJsonValue }))
    .mutation(({ ctx, input }) => updateDependencyJson(ctx, input.id, input.pointId, input.dependencyId, input.json)),
  /** Starts the export when needed and answers at once; the web polls until 'ready', then downloads it over REST. */
  exportStatus: authedProcedure
    .input(byId.extend({ lang: z.string().trim().toLowerCase().max(10).regex(/^[a-z0-9-]+$/).default('en') }))
    .mutation(async ({ ctx, input }) => ({ status: (await protocolExport(ctx, input.id, input.lang, 0)).ready ? ('ready' as const) : ('pending' as const) })),
});
