import { z } from 'zod';
import { ZId, ZStartCustomersQuery, ZStartEquipmentQuery } from '@insp/contracts';
import { authedProcedure, router } from '../../trpc/trpc.js';
import { startCustomers, startEquipment, startSites } from './inspection-start-choices.service.js';

/** tRPC: what /Reports/new picks from (the start itself is inspectionEdit.create). */
export const inspectionStartRouter = router({
  customers: authedProcedure.input(ZStartCustomersQuery).query(({ ctx, input }) => startCustomers(ctx, input.search, input.lang, input.id)),
  sites: authedProcedure.input(z.object({ customerId: ZId })).query(({ ctx, input }) => startSites(ctx, input.customerId)),
  equipment: authedProcedure.input(ZStartEquipmentQuery).query(({ ctx, input }) => startEquipment(ctx, input.customerId, input.customerSiteId)),
});
