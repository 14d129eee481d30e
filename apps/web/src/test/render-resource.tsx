import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import type { TSession } from '@insp/contracts';
import { actorOf, SessionContext } from '../providers/session';
import { dataProvider } from '../providers/dataProvider';
import { queryClient } from '../providers/queryClient';

/** A staff session at the given level, as the shell would hold it. */
export const staffSession = (level: number): TSession => ({
  user: { id: 'u1', name: 'A', email: 'a@company.example', externalUser: false, externalUserCompany: null, externalUserDistributorAdmin: false },
  level,
  flags: [],
});

function Where() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

/**
 * Renders a react-admin resource view as AdminApp does: session, router at the resource's path, react-admin
 * with our data provider (register the resource's router first), and a probe showing where navigation went.
 */
export function renderResource(resource: string, view: ReactElement, session: TSession) {
  return render(
    <SessionContext.Provider value={{ session, actor: actorOf(session) }}>
      <MemoryRouter initialEntries={[`/${resource}`]}>
        <AdminContext dataProvider={dataProvider} queryClient={queryClient}>
          <ResourceContextProvider value={resource}>{view}</ResourceContextProvider>
        </AdminContext>
        <Where />
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}
