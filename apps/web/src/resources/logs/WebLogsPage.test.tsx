import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Level, type TSession, type TWebLogEntry } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { renderRouteScreen } from '../../test/render-route';
import { staffSession } from '../../test/render-resource';

const entry = (id: number, user: string | null, method: string, statusCode: number, url: string): TWebLogEntry => ({
  id: String(id),
  hostingDiagnostics: { date: Date.UTC(2026, 10, 20, 8, id), data: { method, statusCode, duration: 12.4, url } },
  authLogger: { data: { user } },
});
const rows = [entry(1, 'Anna@company.example', 'GET', 200, '/api/v1/customers/query'), entry(2, 'bob@company.example', 'POST', 400, '/api/v1/log'), entry(3, null, 'GET', 401, '/auth/user')];
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  api = fakeApi({
    'logs.web': () => ({ data: { result: rows, count: 120 } }),
    'logs.webDaily': () => ({
      data: {
        result: [
          { day: '2026-11-21', user: null, requests: 2, clientErrors: 2, serverErrors: 0, averageMs: 1.5, longestMs: 2 },
          { day: '2026-11-21', user: 'anna@company.example', requests: 40, clientErrors: 1, serverErrors: 3, averageMs: 12.6, longestMs: 310.2 },
        ],
        count: 2,
      },
    }),
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const developer: TSession = { ...staffSession(Level.User), flags: ['Developer'] };
function renderAt(path: string, session: TSession) {
  return renderRouteScreen(path, session);
}
/** The newest call of the request log itself (the daily view asks beside it). */
const lastWebCall = () => api.calls.filter((c) => c.path === 'logs.web').at(-1)!;
const bodyRows = () => within(screen.getByRole('table', { name: 'Web log' })).getAllByRole('row').slice(1);

describe('/weblogs', () => {
  it('shows the spec columns and the first page, and pages on the server', async () => {
    renderAt('/weblogs', developer);
    await screen.findByText('/api/v1/customers/query');
    const log = screen.getByRole('table', { name: 'Web log' });
    for (const name of ['Date', 'User', 'Method', 'Status code', 'Response time (in ms)', 'URL']) expect(within(log).getByRole('columnheader', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) })).toBeTruthy();
    expect(bodyRows()).toHaveLength(3);
    expect(screen.getByText('1 ... 3 of 120')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastWebCall().input).toMatchObject({ offset: 50, amount: 50 }));
  });

  it("sends 'users as csv', 'start' and 'stop' with 'Load log'", async () => {
    renderAt('/weblogs', developer);
    await screen.findByText('/auth/user');
    fireEvent.change(screen.getByLabelText('users as csv'), { target: { value: ' anna@company.example,bob@company.example ' } });
    fireEvent.change(screen.getByLabelText('start'), { target: { value: '2026-11-20T08:00' } });
    fireEvent.change(screen.getByLabelText('stop'), { target: { value: '2026-11-20T09:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Load log' }));
    await waitFor(() => expect(lastWebCall().input).toMatchObject({ users: 'anna@company.example,bob@company.example', offset: 0 }));
    const sent = lastWebCall().input as { start: string; stop: string };
    expect(Number(sent.stop) - Number(sent.start)).toBe(90 * 60_000);
  });

  it('filters the loaded rows on User, Method and Status code, ignoring case', async () => {
    renderAt('/weblogs', developer);
    await screen.findByText('/auth/user');
    fireEvent.change(screen.getByLabelText('Filter User'), { target: { value: 'ANNA' } });
    expect(bodyRows()).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Filter User'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Filter Method'), { target: { value: 'ge' } });
    expect(bodyRows()).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Filter Status code'), { target: { value: '40' } });
    expect(bodyRows()).toHaveLength(1);
    expect(within(bodyRows()[0]!).getByText('/auth/user')).toBeTruthy();
  });

  it('links to the app logs, and refuses staff without the Developer flag', async () => {
    renderAt('/weblogs', developer);
    expect(screen.getByRole('link', { name: 'App logs' }).getAttribute('href')).toBe('/Logs');
    cleanup();
    renderAt('/weblogs', staffSession(Level.Admin));
    expect(screen.getByText('Your permissions are not enough for seeing this page.')).toBeTruthy();
  });

  it('shows requests per day below the log, newest first, for the users loaded', async () => {
    renderAt('/weblogs', developer);
    const days = await screen.findByRole('table', { name: 'Requests per day' });
    await within(days).findByText('not signed in');
    const cells = within(days).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(cells).toEqual([
      ['2026-11-21', 'not signed in', '2', '2', '0', '2', '2'],
      ['2026-11-21', 'anna@company.example', '40', '1', '3', '13', '310'],
    ]);
    fireEvent.change(screen.getByLabelText('users as csv'), { target: { value: 'anna@company.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Load log' }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === 'logs.webDaily').at(-1)!.input).toMatchObject({ users: 'anna@company.example', offset: 0, amount: 30 }));
  });
});
