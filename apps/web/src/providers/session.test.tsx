import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { fakeApi, renderAt } from '../test/render';
import { queryClient } from './queryClient';
import { clearToken, getToken, setToken } from './token';
import { RequireToken, SessionProvider, useSession } from './session';

afterEach(() => {
  cleanup();
  queryClient.clear();
  clearToken();
  vi.unstubAllGlobals();
});

function Who() {
  const { session, actor } = useSession();
  return <div data-testid="who">{`${session.user.email} ${actor.kind} ${actor.level}`}</div>;
}

const shell = (path: string) =>
  renderAt(path, [{ path: '/login', element: <div /> }, { path: '/*', element: <RequireToken><SessionProvider><Who /></SessionProvider></RequireToken> }]);

const user = { id: 'u', name: 'Dana', email: 'dana@partner.example', externalUser: true, externalUserCompany: { id: 'c', name: 'Partner' }, externalUserDistributorAdmin: true };

describe('session', () => {
  it('without a token goes to the login screen, keeping the page to return to', () => {
    shell('/Reports?x=1');
    expect(screen.getByTestId('location').textContent).toBe('/login?returnTo=%2FReports%3Fx%3D1');
  });

  it("shows 'Authorizing.....' while the session loads, then the actor built from it", async () => {
    setToken('good');
    vi.stubGlobal('fetch', fakeApi({ 'auth.session': () => ({ data: { user, level: 2, flags: [] } }) }).fetch);
    shell('/');
    expect(screen.getByTestId('status-message').textContent).toBe('Authorizing.....');
    expect((await screen.findByTestId('who')).textContent).toBe('dana@partner.example distributor 2');
  });

  it('a 401 on the session clears the token and logs out to the login screen', async () => {
    setToken('stale');
    const api = fakeApi({ 'auth.session': () => ({ error: { httpStatus: 401, code: 'UNAUTHORIZED', message: 'Sign-in required' } }) });
    vi.stubGlobal('fetch', api.fetch);
    shell('/tags');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login?returnTo=%2Ftags'));
    expect(getToken()).toBeNull();
    expect(api.calls).toHaveLength(1); // a 401 is not retried
  });

  it('any other session failure renders unauthenticated: the login screen', async () => {
    setToken('kept');
    vi.stubGlobal('fetch', fakeApi({ 'auth.session': () => ({ error: { httpStatus: 500, code: 'INTERNAL_SERVER_ERROR', message: 'boom' } }) }).fetch);
    shell('/');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'), { timeout: 5000 });
    expect(JSON.parse(screen.getByTestId('location').dataset.state!)).toEqual({ reason: 'session-failed' });
  });
});
