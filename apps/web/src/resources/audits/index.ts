import type { ComponentType } from 'react';
import { lazyScreen } from '../../components/lazyScreen';
const AuditList = lazyScreen(() => import('./AuditList'), 'AuditList');
const AuditReportPage = lazyScreen(() => import('./AuditReportPage'), 'AuditReportPage');
const NewAuditPage = lazyScreen(() => import('./NewAuditPage'), 'NewAuditPage');

/**
 * /Audits (000 §2.5), the new-audit page and /Audits/{id}/report, as custom screens by route-table path: no
 * react-admin resource, so /Audits/{id} stays the audit editor's route (audit-editor).
 */
export const auditsScreens: Partial<Record<string, ComponentType>> = {
  '/Audits': AuditList,
  '/Audits/new': NewAuditPage,
  '/Audits/:id/report': AuditReportPage,
};
