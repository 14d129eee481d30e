import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Level, StaffGroups } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { getToken } from '../../providers/token';
import { fakeApi } from '../../test/render';
import { renderRouteScreen } from '../../test/render-route';
import { staffSession } from '../../test/render-resource';
import { debugTokenNav } from './DebugTokenPage';

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({
    'auth.debugToken': (input) =>
      (input as { groups: string[] }).groups.includes('admin')
        ? { error: { httpStatus: 403, code: 'FORBIDDEN', message: 'groups: a debug token may not have a higher level than your own', field: 'groups' } }
        : { data: { accessToken: 'debug-token-1' } },
  });
  vi.stubGlobal('fetch', api.fetch);
  vi.spyOn(debugTokenNav, 'go').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('/Admin (debug token)', () => {
  it('has the checkboxes manager, admin, audit, commission, inspection and mecu and SET TOKEN, which makes the token the session', async () => {
    renderRouteScreen('/Admin', staffSession(Level.Admin));
    expect(await screen.findByRole('heading', { level: 1, name: 'Debug token' })).toBeTruthy();
    expect(screen.getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual([...StaffGroups]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'manager' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'mecu' }));
    fireEvent.click(screen.getByRole('button', { name: 'SET TOKEN' }));
    await waitFor(() => expect(debugTokenNav.go).toHaveBeenCalledWith('/'));
    expect(api.calls.find((c) => c.path === 'auth.debugToken')?.input).toEqual({ groups: ['manager', 'mecu'] });
    expect(getToken()).toBe('debug-token-1');
  });

  it('disables groups above a manager’s own level unless the Developer flag is held', async () => {
    renderRouteScreen('/Admin', staffSession(Level.Manager));
    expect(((await screen.findByRole('checkbox', { name: 'admin' })) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'manager' }) as HTMLInputElement).disabled).toBe(false);
    cleanup();
    renderRouteScreen('/Admin', { ...staffSession(Level.User), flags: ['Developer'] });
    expect((screen.getByRole('checkbox', { name: 'admin' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('refuses an inspector without the flag with the permissions text', () => {
    renderRouteScreen('/Admin', staffSession(Level.User));
    expect(screen.getByText('Your permissions are not enough for seeing this page.')).toBeTruthy();
  });
});
