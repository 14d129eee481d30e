import CssBaseline from '@mui/material/CssBaseline';
import {
  AccessDenied,
  AdminContext,
  AuthCallback,
  AuthenticationError,
  CoreAdminUI,
  CustomRoutes,
  defaultI18nProvider,
  Error as ErrorPage,
  LoadingPage,
  localStorageStore,
  Notification,
  Resource,
} from 'react-admin';
import { Route } from 'react-router-dom';
import { routeTable } from '@insp/contracts';
import { authProvider } from './providers/authProvider';
import { queryClient } from './providers/queryClient';
import { themeOptions, PRODUCT_NAME } from './theme';
import { Layout } from './layout/Layout';
import { NotFoundPage } from './pages/not-found/NotFoundPage';
import { resources } from './resources';
import { RouteScreen } from './screens';
import { dataProvider, registerResourceRouter } from './providers/dataProvider';
import { RequirePermission } from './layout/NotAllowed';
import { OfflineWritesProvider } from './offline-queue';
import type { ComponentType } from 'react';

for (const r of resources) registerResourceRouter(r.name, r.router);

// react-admin's <Admin> with its parts named: <Admin>'s AdminUI imports its default login page (a form: TextInput,
// react-hook-form, lodash; about 40 kB gzip) even when loginPage is false, into every signed-in first load (issue 23).
// These are <Admin>'s own defaults (react-admin 5: Admin.js, AdminUI.js) but the login page, which this app never
// shows (loginPage false: the sign-in is ours, App.tsx).
const store = localStorageStore();

/** A resource view behind its permission ('Your permissions are not enough…' otherwise). */
const guarded = (rule: (typeof resources)[number]['permission'], View?: ComponentType) =>
  View
    ? function Guarded() {
        return (
          <RequirePermission rule={rule}>
            <View />
          </RequirePermission>
        );
      }
    : undefined;

// Built once: a component made during render would remount its page on every render.
const guardedResources = resources.map((r) => ({
  ...r,
  list: guarded(r.permission, r.list),
  create: guarded(r.permission, r.create),
  edit: guarded(r.permission, r.edit),
  show: guarded(r.permission, r.show),
}));

/** Route-table paths a resource serves itself (its list and its record pages). */
const ownedByResource = (path: string) =>
  resources.some((r) => path.toLowerCase() === `/${r.name}`.toLowerCase() || path.toLowerCase() === `/${r.name}/:id`.toLowerCase());

/**
 * The signed-in application: react-admin inside our router, sharing our query cache, with a top
 * navigation layout and no sidebar. Loaded lazily (App.tsx) so public pages never download it.
 * Every path of routeTable is a route; matching is case-insensitive (/tags and /Tags).
 */
export function AdminApp() {
  return (
    // Issue 23: every inspection and audit write goes through the offline queue (docs/decisions.md).
    <OfflineWritesProvider>
      <AdminContext
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={defaultI18nProvider}
        queryClient={queryClient}
        store={store}
        theme={themeOptions}
        defaultTheme="light"
      >
        <CssBaseline enableColorScheme>
          <CoreAdminUI
            title={PRODUCT_NAME}
            layout={Layout}
            catchAll={NotFoundPage}
            loginPage={false}
            accessDenied={AccessDenied}
            authCallbackPage={AuthCallback}
            authenticationError={AuthenticationError}
            error={ErrorPage}
            loading={LoadingPage}
            disableTelemetry
          >
            {guardedResources.map((r) => (
              <Resource key={r.name} name={r.name} list={r.list} create={r.create} edit={r.edit} show={r.show} icon={r.icon} />
            ))}
            <CustomRoutes>
              {routeTable.filter((entry) => !ownedByResource(entry.path)).map((entry) => (
                <Route key={entry.path} path={entry.path} element={<RouteScreen entry={entry} />} />
              ))}
            </CustomRoutes>
          </CoreAdminUI>
          <Notification />
        </CssBaseline>
      </AdminContext>
    </OfflineWritesProvider>
  );
}
