import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { routeTable } from '@insp/contracts';
import { authProvider } from './providers/authProvider';
import { queryClient } from './providers/queryClient';
import { themeOptions, PRODUCT_NAME } from './theme';
import { Layout } from './layout/Layout';
import { NotFoundPage } from './pages/not-found/NotFoundPage';
import { resources } from './resources';
import { RouteScreen } from './screens';

/**
 * The signed-in application: react-admin inside our router, sharing our query cache, with a top
 * navigation layout and no sidebar. Loaded lazily (App.tsx) so public pages never download it.
 * Every path of routeTable is a route; matching is case-insensitive (/tags and /Tags).
 */
export function AdminApp() {
  return (
    <Admin
      title={PRODUCT_NAME}
      authProvider={authProvider}
      queryClient={queryClient}
      layout={Layout}
      theme={themeOptions}
      defaultTheme="light"
      catchAll={NotFoundPage}
      loginPage={false}
      disableTelemetry
    >
      {resources.map((r) => (
        <Resource key={r.name} name={r.name} list={r.list} create={r.create} edit={r.edit} show={r.show} icon={r.icon} />
      ))}
      <CustomRoutes>
        {routeTable.map((entry) => (
          <Route key={entry.path} path={entry.path} element={<RouteScreen entry={entry} />} />
        ))}
      </CustomRoutes>
    </Admin>
  );
}
