import type { ComponentType } from 'react';
import { Level, type RouteEntry } from '@insp/contracts';
import { RequirePermission } from './layout/NotAllowed';
import { usePageTitle } from './components/usePageTitle';
import { useSession } from './providers/session';
import { PlaceholderPage } from './pages/placeholder/PlaceholderPage';
import { lazyScreen } from './components/lazyScreen';
import { customersScreens } from './resources/customers';
import { equipmentScreens } from './resources/equipment';
import { productFamiliesScreens } from './resources/product-families';
import { externalUsersScreens } from './resources/external-users';
import { certifiedUsersScreens } from './resources/certified-users';
import { customerImportScreens } from './resources/customer-import';
import { staffAccountsScreens } from './resources/staff-accounts';
import { inspectionsScreens } from './resources/inspections';
import { inspectionEditScreens } from './resources/inspection-edit';
import { auditEditorScreens } from './resources/audit-editor';
import { auditsScreens } from './resources/audits';
import { inspectionPointsScreens } from './resources/inspection-points';
import { tagsScreens } from './resources/tags';
import { protocolsScreens } from './resources/protocols';
import { categoryTitlesScreens } from './resources/category-titles';
import { translationsScreens } from './resources/translations';
import { logsScreens } from './resources/logs';
import { usageDashboardScreens } from './pages/usage-dashboard';
import { documentsScreens } from './resources/documents';
import { webhooksScreens } from './resources/webhooks';
import { backgroundServicesScreens } from './pages/background-services';
import { debugTokenScreens } from './pages/debug-token';
import { onThisDeviceScreens } from './offline-available/screens';
import { plansScreens } from './resources/plans';
import { actionsScreens } from './resources/actions';

// Each screen is a chunk of its own (components/lazyScreen.tsx); the domain folders' index files do the same.
const MyPage = lazyScreen(() => import('./pages/my-page/MyPage'), 'MyPage');
const StartInspectionPage = lazyScreen(() => import('./pages/start-inspection/StartInspectionPage'), 'StartInspectionPage');
const ProtocolViewPage = lazyScreen(() => import('./pages/protocol-view/ProtocolViewPage'), 'ProtocolViewPage');

/**
 * The screen of each route of routeTable (contracts/routes.ts), by path. A route without one shows a
 * placeholder; later releases add their screens here (or as react-admin resources, see resources/).
 */
const screens: Partial<Record<string, ComponentType>> = {
  '/': MyPage,
  '/Reports/new': StartInspectionPage,
  '/Reports/:id/protocol': ProtocolViewPage,
  ...customersScreens,
  ...equipmentScreens,
  ...productFamiliesScreens,
  ...externalUsersScreens,
  ...certifiedUsersScreens,
  ...customerImportScreens,
  ...staffAccountsScreens,
  ...inspectionsScreens,
  ...inspectionEditScreens,
  ...auditsScreens,
  ...auditEditorScreens,
  ...inspectionPointsScreens,
  ...tagsScreens,
  ...protocolsScreens,
  ...categoryTitlesScreens,
  ...translationsScreens,
  ...logsScreens,
  ...usageDashboardScreens,
  ...documentsScreens,
  ...webhooksScreens,
  ...backgroundServicesScreens,
  ...debugTokenScreens,
  ...onThisDeviceScreens,
  ...plansScreens,
  ...actionsScreens,
};

// spec 000 §2.5: a user whose level is None sees an empty /Audits, not the permissions message.
const emptyForLevelNone = new Set(['/Audits']);

/** One route of the shell: page title, permission check ('Your permissions are not enough…'), screen. */
export function RouteScreen({ entry }: { entry: RouteEntry }) {
  usePageTitle(entry.title);
  const Screen = screens[entry.path];
  const { actor } = useSession();
  if (actor.level <= Level.None && emptyForLevelNone.has(entry.path)) return null;
  return (
    <RequirePermission rule={entry.permission}>
      {Screen ? <Screen /> : <PlaceholderPage title={entry.title} />}
    </RequirePermission>
  );
}
