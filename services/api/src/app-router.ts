import { router } from './trpc/trpc.js';
import { authRouter } from './domains/auth/auth.trpc.js';
import { customersRouter } from './domains/customers/customers.trpc.js';
import { equipmentRouter } from './domains/equipment/equipment.trpc.js';
import { plansRouter } from './domains/plans/plans.trpc.js';
import { actionsRouter } from './domains/follow-up-actions/actions.trpc.js';
import { productFamiliesRouter } from './domains/product-families/product-families.trpc.js';
import { externalUsersRouter } from './domains/external-users/external-users.trpc.js';
import { customerImportRouter } from './domains/customer-import/customer-import.trpc.js';
import { certifiedUsersRouter } from './domains/certified-users/certified-users.trpc.js';
import { inspectionsRouter } from './domains/inspections/inspections.trpc.js';
import { inspectionReportsRouter } from './domains/inspections/inspection-report.trpc.js';
import { inspectionEditRouter } from './domains/inspections/inspection-edit.trpc.js';
import { inspectionStartRouter } from './domains/inspections/inspection-start.trpc.js';
import { protocolsFitRouter } from './domains/protocols/protocols-fit.trpc.js';
import { protocolsRouter } from './domains/protocols/protocols.trpc.js';
import { auditsRouter } from './domains/audits/audits.trpc.js';
import { sharedLinksRouter } from './domains/shared-links/shared-links.trpc.js';
import { inspectionPointsRouter } from './domains/inspection-points/inspection-points.trpc.js';
import { pointAuthoringRouter } from './domains/point-authoring/point-authoring.trpc.js';
import { logsRouter } from './domains/logs/logs.trpc.js';
import { usageDashboardRouter } from './domains/inspections/usage-dashboard.trpc.js';
import { staffAccountsRouter } from './domains/staff-accounts/staff-accounts.trpc.js';
import { translationsRouter } from './domains/translations/translations.trpc.js';
import { documentsRouter } from './domains/documents/documents.trpc.js';
import { webhooksRouter } from './domains/webhooks/webhooks.trpc.js';
import { offlineRouter } from './domains/offline/offline.trpc.js';
import { backgroundServicesRouter } from './domains/background-services/background-services.trpc.js';

/**
 * The web app's API. Each domain adds its router here. It gathers every domain, so it sits at the top beside
 * app.ts, not in trpc/ with the procedure builders the domains import (docs/decisions.md, one-way dependencies).
 */
export const appRouter = router({
  auth: authRouter,
  customers: customersRouter,
  equipment: equipmentRouter,
  plans: plansRouter,
  actions: actionsRouter,
  productFamilies: productFamiliesRouter,
  externalUsers: externalUsersRouter,
  certifiedUsers: certifiedUsersRouter,
  customerImport: customerImportRouter,
  staffAccounts: staffAccountsRouter,
  documents: documentsRouter,
  inspections: inspectionsRouter,
  inspectionReports: inspectionReportsRouter,
  inspectionEdit: inspectionEditRouter,
  inspectionStart: inspectionStartRouter,
  protocolFit: protocolsFitRouter,
  protocols: protocolsRouter,
  audits: auditsRouter,
  sharedLinks: sharedLinksRouter,
  inspectionPoints: inspectionPointsRouter,
  pointAuthoring: pointAuthoringRouter,
  translations: translationsRouter,
  logs: logsRouter,
  usageDashboard: usageDashboardRouter,
  webhooks: webhooksRouter,
  backgroundServices: backgroundServicesRouter,
  offline: offlineRouter,
});
export type AppRouter = typeof appRouter;
