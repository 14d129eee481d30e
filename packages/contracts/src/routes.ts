import { P } from './permissions.js';
import type { Permission } from './levels.js';

export interface RouteEntry {
  /** react-router pattern; matching is case-insensitive (spec writes both /tags and /Tags). */
  path: string;
  permission: Permission;
  /** Top navigation label, in spec order (000 §2.1). Entries without one are reachable but not listed. */
  nav?: string;
  /** The route whose nav item is underlined for this page. */
  title: string;
}

/** The route table (000 §2.2, 001 §2, 002 §2). Public routes (/auth/*, /nosession/*) are not listed. */
export const routeTable: RouteEntry[] = [
  { path: '/', nav: 'My page', title: 'My page', permission: P.reports },
  { path: '/Reports', nav: 'Reports', title: 'Reports', permission: P.reports },
  { path: '/Reports/:id', title: 'Report', permission: P.reports },
  { path: '/Reports/:id/details', title: 'Report details', permission: P.reports },
  // 000 §2.8: the report edit form, opened from the details page's 'Edit inspection'; who may save is the server's rule.
  { path: '/Reports/:id/edit', title: 'Edit inspection', permission: P.reports },
  // Not shown in the spec (issue 7): inspectors without the field app start inspections here.
  { path: '/Reports/new', title: 'New inspection', permission: P.reportsStart },
  { path: '/Reports/:id/protocol', title: 'Viewing protocol', permission: P.reports },
  // Issue 24: not in the spec; what is due and overdue, per customer and site (plans are scoped by role on the server).
  { path: '/Due', nav: 'Due', title: 'Due', permission: P.plans },
  // Issue 24: not in the spec; follow-up actions found by finished inspections (scoped by role on the server).
  { path: '/Actions', nav: 'Actions', title: 'Actions', permission: P.actions },
  { path: '/Audits', nav: 'Audits', title: 'Audits', permission: P.audits },
  // Not shown in the spec (issue 8): customer, site, inspection date and inspector, then the editor.
  { path: '/Audits/new', title: 'New audit', permission: P.audits },
  { path: '/Audits/:id', title: 'Audit', permission: P.audits },
  { path: '/Audits/:id/report', title: 'Audit report', permission: P.audits },
  { path: '/InspectionPoints', nav: 'Inspection points', title: 'Inspection points', permission: P.authoring },
  { path: '/Protocols', nav: 'Inspection protocols', title: 'Inspection protocols', permission: P.authoring },
  // Issue 19: the reference category titles and their translations (linked from a point's Localization tab).
  { path: '/CategoryTitles', title: 'Category titles', permission: P.authoring },
  { path: '/Documents', nav: 'Documents', title: 'Documents', permission: P.documents },
  { path: '/Customers', nav: 'Customers', title: 'Customers', permission: P.customers },
  { path: '/Customers/:id', title: 'Customer', permission: P.customers },
  { path: '/Customers/:id1/compare/:id2', title: 'Compare customers', permission: P.customersAdmin },
  { path: '/Customers/import', title: 'Import customers', permission: P.customersAdmin },
  { path: '/Equipments', nav: 'Equipment', title: 'Equipment', permission: P.equipment },
  // Not shown in the spec (issue 20): one equipment record; managers read it, admins edit it (the views decide).
  { path: '/Equipments/:id', title: 'Equipment', permission: P.equipment },
  { path: '/ProductFamilies', title: 'Product families', permission: P.productFamilies },
  { path: '/ExternalUsers', nav: 'Distributors', title: 'Distributors', permission: P.externalUsers },
  // No nav item (the nav follows the spec); the Distributors list links here for those allowed.
  { path: '/StaffAccounts', title: 'Staff accounts', permission: P.staffAccounts },
  { path: '/UsageDashboards', nav: 'Usage dashboard', title: 'Usage dashboard', permission: P.usageDashboards },
  { path: '/UserManagement', nav: 'Users', title: 'Users', permission: P.userManagement },
  { path: '/weblogs', nav: 'Web logs', title: 'Web logs', permission: P.webLogs },
  { path: '/tags', nav: 'Tags', title: 'Tags', permission: P.tags },
  { path: '/certifications', nav: 'Certifications', title: 'Certifications', permission: P.certifications },
  // Issue 21: not in the spec's top navigation, but every screen a user may open is reachable from the shell, so
  // these four follow the spec's items, each for those whose rights suffice (the same permission as the route).
  { path: '/Logs', nav: 'App logs', title: 'App logs', permission: P.appLogs },
  { path: '/BackgroundServices', nav: 'Background services', title: 'Background services', permission: P.backgroundServices },
  { path: '/Admin', nav: 'Debug token', title: 'Debug token', permission: P.debugToken },
  { path: '/Translations', nav: 'Translations', title: 'Translations', permission: P.translations },
  // Issue 22: not in the spec; the integrations' endpoints, for staff Admins.
  { path: '/Webhooks', nav: 'Webhooks', title: 'Webhooks', permission: P.webhooks },
  { path: '/Webhooks/:id', title: 'Webhook', permission: P.webhooks },
  // Issue 23: what 'Make available offline' keeps on this device; linked from the header, not the spec's navigation.
  { path: '/OnThisDevice', title: 'On this device', permission: P.reports },
];

export const navItems = routeTable.filter((r) => r.nav);

/** Nav item is active when the path equals or begins with its route (000 §2.1); '/' only on equality. */
export function isNavActive(navPath: string, currentPath: string): boolean {
  const a = navPath.toLowerCase();
  const c = currentPath.toLowerCase();
  if (a === '/') return c === '/';
  return c === a || c.startsWith(a + '/');
}
