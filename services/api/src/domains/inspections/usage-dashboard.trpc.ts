import { ZServicedEquipmentQuery, ZUsageQuery } from '@insp/contracts';
import { authedProcedure, router } from '../../trpc/trpc.js';
import { companiesServicedEquipment, servicedEquipment, usageSummary } from './usage-dashboard.service.js';

/** tRPC procedures of the usage dashboard (/UsageDashboards) for the web app. */
export const usageDashboardRouter = router({
  summary: authedProcedure.input(ZUsageQuery.pick({ timeZone: true })).query(({ ctx, input }) => usageSummary(ctx, input)),
  customers: authedProcedure.input(ZServicedEquipmentQuery).query(({ ctx, input }) => servicedEquipment(ctx, input)),
  companies: authedProcedure.input(ZUsageQuery).query(({ ctx, input }) => companiesServicedEquipment(ctx, input)),
});
