import type { ComponentType } from 'react';
import type { RouteEntry } from '@insp/contracts';
import { RequirePermission } from './layout/NotAllowed';
import { usePageTitle } from './components/usePageTitle';
import { MyPage } from './pages/my-page/MyPage';
import { PlaceholderPage } from './pages/placeholder/PlaceholderPage';
import { StartInspectionPage } from './pages/start-inspection/StartInspectionPage';
import { ProtocolViewPage } from './pages/protocol-view/ProtocolViewPage';
import { customersScreens } from './resources/customers';
import { equipmentScreens } from './resources/equipment';
import { productFamiliesScreens } from './resources/product-families';
import { externalUsersScreens } from './resources/external-users';
import { certifiedUsersScreens } from './resources/certified-users';
import { customerImportScreens } from './resources/customer-import';
import { staffAccountsScreens } from './resources/staff-accounts';
import { inspectionsScreens } from './resources/inspections';
import { inspectionEditScreens } from './resources/inspection-edit';

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
};

/** One route of the shell: page title, permission check ('Your permissions are not enough…'), screen. */
export function RouteScreen({ entry }: { entry: RouteEntry }) {
  usePageTitle(entry.title);
  const Screen = screens[entry.path];
  return (
    <RequirePermission rule={entry.permission}>
      {Screen ? <Screen /> : <PlaceholderPage title={entry.title} />}
    </RequirePermission>
  );
}
