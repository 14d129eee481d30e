import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
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
      <MemoryRouter>{ui}</MemoryRouter>
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

  it('guards a route of the table and shows a placeholder for screens still to come', () => {
    // Web logs (Developer flag only) has no screen yet.
    const webLogs = routeTable.find((r) => r.path === '/weblogs')!;
    renderAs(inspector, <RouteScreen entry={webLogs} />);
    expect(screen.getByTestId('not-allowed')).toBeTruthy();
    cleanup();
    renderAs({ ...inspector, flags: ['Developer'] }, <RouteScreen entry={webLogs} />);
    expect(screen.getByRole('heading', { name: 'Web logs' })).toBeTruthy();
    expect(screen.getByText('This screen arrives in a later release.')).toBeTruthy();
  });
});
