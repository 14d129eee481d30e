import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { routeTable, type TSession } from '@insp/contracts';
import { queryClient } from '../providers/queryClient';
import { actorOf, SessionContext } from '../providers/session';
import { RouteScreen } from '../screens';

/** Renders the screen of a route-table path as the shell does (its guard included), for a signed-in session. */
export function renderRouteScreen(path: string, session: TSession) {
  const entry = routeTable.find((r) => r.path === path);
  if (!entry) throw new Error(`no route ${path} in the route table`);
  return render(
    <SessionContext.Provider value={{ session, actor: actorOf(session) }}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <RouteScreen entry={entry} />
        </MemoryRouter>
      </QueryClientProvider>
    </SessionContext.Provider>,
  );
}
