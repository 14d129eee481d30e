import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Level, type TBackgroundService } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { renderRouteScreen } from '../../test/render-route';
import { staffSession } from '../../test/render-resource';
import { everyText } from './ServiceData';

let services: TBackgroundService[];
let api: ReturnType<typeof fakeApi>;
const service = (id: string, over: Partial<TBackgroundService> = {}): TBackgroundService => ({
  id,
  status: 'Succeeded',
  enabled: true,
  data: { description: `${id} does things`, everyMs: 3600_000, lastRun: Date.UTC(2026, 10, 26, 10), nextRun: Date.UTC(2026, 10, 26, 11), lastError: null, lastDurationMs: 42 },
  ...over,
});

beforeEach(() => {
  services = [service('maintenance.cleanup'), service('documents.sync', { status: 'Failed', data: { ...service('x').data, everyMs: 300_000, lastError: 'storage away' } })];
  api = fakeApi({
    'backgroundServices.list': () => ({ data: services }),
    'backgroundServices.setEnabled': (input) => {
      const { id, enabled } = input as { id: string; enabled: boolean };
      services = services.map((s) => (s.id === id ? { ...s, enabled, status: enabled ? 'Idle' : 'Disabled' } : s));
      return { data: services.find((s) => s.id === id) };
    },
    'backgroundServices.reset': (input) => {
      const { id } = input as { id: string };
      services = services.map((s) => (s.id === id ? { ...s, status: 'Idle', data: { ...s.data, lastError: null } } : s));
      return { data: services.find((s) => s.id === id) };
    },
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('/BackgroundServices', () => {
  it('shows id, status, data and enabled per service, with RESET per row and REFRESH', async () => {
    renderRouteScreen('/BackgroundServices', staffSession(Level.Manager));
    expect(await screen.findByRole('heading', { level: 1, name: 'Background services' })).toBeTruthy();
    const row = await screen.findByTestId('service-documents.sync');
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('Last error: storage away')).toBeTruthy();
    expect(within(row).getByText(/Every 5 min · Last run .* \(42 ms\) · Next run/)).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'RESET documents.sync' }).textContent).toBe('RESET');
    expect(screen.getByRole('button', { name: 'REFRESH' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['id', 'status', 'data', 'enabled', 'Actions']);
  });

  it('unticking enabled disables the service; RESET clears the failed state', async () => {
    renderRouteScreen('/BackgroundServices', staffSession(Level.Manager));
    const box = await screen.findByRole('checkbox', { name: 'enabled: maintenance.cleanup' });
    fireEvent.click(box);
    await waitFor(() => expect(within(screen.getByTestId('service-maintenance.cleanup')).getByText('Disabled')).toBeTruthy());
    expect((screen.getByRole('checkbox', { name: 'enabled: maintenance.cleanup' }) as HTMLInputElement).checked).toBe(false);
    expect(api.calls.find((c) => c.path === 'backgroundServices.setEnabled')?.input).toEqual({ id: 'maintenance.cleanup', enabled: false });

    fireEvent.click(screen.getByRole('button', { name: 'RESET documents.sync' }));
    await waitFor(() => expect(within(screen.getByTestId('service-documents.sync')).getByText('Idle')).toBeTruthy());
    expect(screen.queryByText('Last error: storage away')).toBeNull();
  });

  it('polls every 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRouteScreen('/BackgroundServices', staffSession(Level.Manager));
    await screen.findByTestId('service-maintenance.cleanup');
    const lists = () => api.calls.filter((c) => c.path === 'backgroundServices.list').length;
    const before = lists();
    await vi.advanceTimersByTimeAsync(9_000);
    expect(lists()).toBe(before);
    await vi.advanceTimersByTimeAsync(1_500);
    await waitFor(() => expect(lists()).toBe(before + 1));
  });

  it('refuses an inspector with the permissions text', () => {
    renderRouteScreen('/BackgroundServices', staffSession(Level.User));
    expect(screen.getByText('Your permissions are not enough for seeing this page.')).toBeTruthy();
  });

  it('writes intervals shortly', () => {
    expect([300_000, 3600_000, 86_400_000, 1500].map(everyText)).toEqual(['5 min', '1 h', '1 d', '2 s']);
  });
});
