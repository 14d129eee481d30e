import type { FastifyInstance } from 'fastify';
import { authRestRoutes } from './domains/auth/auth.rest.js';
import { customersRestRoutes } from './domains/customers/customers.rest.js';
import { equipmentRestRoutes } from './domains/equipment/equipment.rest.js';
import { planRestRoutes } from './domains/plans/plans.rest.js';
import { actionRestRoutes } from './domains/follow-up-actions/actions.rest.js';
import { productFamiliesRestRoutes } from './domains/product-families/product-families.rest.js';
import { externalUsersRestRoutes } from './domains/external-users/external-users.rest.js';
import { customerImportRestRoutes } from './domains/customer-import/customer-import.rest.js';
import { certifiedUsersRestRoutes } from './domains/certified-users/certified-users.rest.js';
import { imagesRestRoutes } from './domains/images/images.rest.js';
import { resumableUploadRoutes } from './domains/images/resumable.rest.js';
import { inspectionsRestRoutes } from './domains/inspections/inspections.rest.js';
import { usageDashboardRestRoutes } from './domains/inspections/usage-dashboard.rest.js';
import { inspectionReportRestRoutes } from './domains/inspections/inspection-report.rest.js';
import { inspectionEditRestRoutes } from './domains/inspections/inspection-edit.rest.js';
import { protocolsFitRestRoutes } from './domains/protocols/protocols-fit.rest.js';
import { protocolsRestRoutes } from './domains/protocols/protocols.rest.js';
import { auditsRestRoutes } from './domains/audits/audits.rest.js';
import { auditReportRestRoutes } from './domains/audits/audit-report.rest.js';
import { filesRestRoutes } from './domains/system/files.rest.js';
import { sharedLinksRestRoutes } from './domains/shared-links/shared-links.rest.js';
import { inspectionPointsRestRoutes } from './domains/inspection-points/inspection-points.rest.js';
import { pointAuthoringRestRoutes } from './domains/point-authoring/point-authoring.rest.js';
import { logsRestRoutes } from './domains/logs/logs.rest.js';
import { staffAccountsRestRoutes } from './domains/staff-accounts/staff-accounts.rest.js';
import { translationsRestRoutes } from './domains/translations/translations.rest.js';
import { documentsRestRoutes } from './domains/documents/documents.rest.js';
import { fileUploadRestRoutes } from './domains/system/file-upload.rest.js';
import { documentSyncRestRoutes } from './domains/document-sync/document-sync.rest.js';
import { backgroundServicesRestRoutes } from './domains/background-services/background-services.rest.js';

/**
 * Every REST module of the public contract. Each domain adds its routes here. It gathers every domain, so it sits
 * at the top beside app.ts, not in rest/ with the route helpers the domains import (docs/decisions.md).
 */
export async function restRoutes(app: FastifyInstance) {
  await app.register(authRestRoutes);
  await app.register(customersRestRoutes);
  await app.register(equipmentRestRoutes);
  await app.register(planRestRoutes);
  await app.register(actionRestRoutes);
  await app.register(productFamiliesRestRoutes);
  await app.register(externalUsersRestRoutes);
  await app.register(certifiedUsersRestRoutes);
  await app.register(customerImportRestRoutes);
  await app.register(staffAccountsRestRoutes);
  await app.register(inspectionsRestRoutes);
  await app.register(usageDashboardRestRoutes);
  await app.register(inspectionReportRestRoutes);
  await app.register(inspectionEditRestRoutes);
  await app.register(protocolsFitRestRoutes);
  await app.register(protocolsRestRoutes);
  await app.register(imagesRestRoutes);
  await app.register(resumableUploadRoutes);
  await app.register(auditsRestRoutes);
  await app.register(auditReportRestRoutes);
  await app.register(filesRestRoutes);
  await app.register(sharedLinksRestRoutes);
  await app.register(inspectionPointsRestRoutes);
  await app.register(pointAuthoringRestRoutes);
  await app.register(translationsRestRoutes);
  await app.register(documentsRestRoutes);
  await app.register(fileUploadRestRoutes);
  await app.register(documentSyncRestRoutes);
  await app.register(logsRestRoutes);
  await app.register(backgroundServicesRestRoutes);
}
