import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../providers/queryClient';
import { Level, P, routeTable, type TSession } from '@insp/contracts';
import { actorOf, SessionContext } from '../providers/session';
import { RouteScreen } from '../screens';
import { RequirePermission } from './NotAllowed';

afterEach(cleanup);

const inspector: TSession = {
  user: { id: 'u2', name: 'Ivan Inspector', email: 'ivan@company.example', externalUser: false, externalUserCompany: null, externalUserDistributorAdmin: false },
  level: Level.User,
  flags: [],
};

function renderAs(s: TSession, ui: React.ReactNode) {
  return render(
    <SessionContext.Provider value={{ session: s, actor: actorOf(s) }}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </SessionContext.Provider>,
  );
}

describe('permission screen', () => {
  it('says exactly that the permissions are not enough when the level is too low', () => {
    renderAs(inspector, <RequirePermission rule={P.customers}>secret customers</RequirePermission>);
    expect(screen.getByTestId('not-allowed').textContent).toBe('Your permissions are not enough for seeing this page.');
    expect(screen.queryByText('secret customers')).toBeNull();
  });

  it('renders the page when the permission is met', () => {
    renderAs(inspector, <RequirePermission rule={P.reports}>the reports</RequirePermission>);
    expect(screen.getByText('the reports')).toBeTruthy();
    expect(screen.queryByTestId('not-allowed')).toBeNull();
  });

  it('guards a route of the table: /Admin (staff Manager and up, or the Developer flag) refuses an inspector', async () => {
    const debugToken = routeTable.find((r) => r.path === '/Admin')!;
    renderAs(inspector, <RouteScreen entry={debugToken} />);
    expect(screen.getByTestId('not-allowed')).toBeTruthy();
    cleanup();
    renderAs({ ...inspector, level: Level.Manager }, <RouteScreen entry={debugToken} />);
    expect(await screen.findByRole('heading', { name: 'Debug token' })).toBeTruthy(); // the screen's own chunk
    expect(screen.queryByTestId('not-allowed')).toBeNull();
  });
});
