import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Level, type TSession } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { renderRouteScreen } from '../../test/render-route';
import { staffSession } from '../../test/render-resource';
import { durationText, matchesAll, pageLabel } from './logs';

const T = Date.UTC(2026, 10, 21, 6, 0, 0);
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({
    'logs.app': () => ({
      data: { result: [{ id: '1', timestamp: T, appVersion: '3.1.0', eventName: 'opened', osName: 'Android', properties: '{"screen":"home"}', user: 'dev@company.example' }], count: 1 },
    }),
    'logs.appSessions': () => ({ data: { result: [{ user: 'dev@company.example', start: T, end: T + 360_000, events: 3, appVersion: '3.1.0', osName: 'Android' }], count: 1 } }),
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const developer: TSession = { ...staffSession(Level.User), flags: ['Developer'] };
function renderLogs(session: TSession) {
  return renderRouteScreen('/Logs', session);
}

describe('/Logs', () => {
  it('shows the events table, and sends the date and e-mail filters with Load', async () => {
    renderLogs(developer);
    await screen.findByText('{"screen":"home"}');
    fireEvent.change(screen.getByLabelText('date'), { target: { value: '2026-11-21' } });
    fireEvent.change(screen.getByLabelText('e-mail'), { target: { value: ' dev@company.example ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(api.calls.at(-1)).toEqual({ path: 'logs.app', input: { date: '2026-11-21', email: 'dev@company.example', offset: 0, amount: 50 } }));
  });

  it('switches to the sessions view the server split', async () => {
    renderLogs(developer);
    await screen.findByText('opened');
    fireEvent.click(screen.getByRole('button', { name: 'Sessions' }));
    const table = await screen.findByRole('table', { name: 'App log sessions' });
    expect(await within(table).findByText('6 min 0 s')).toBeTruthy();
    expect(api.calls.at(-1)!.path).toBe('logs.appSessions');
    expect(screen.getByRole('link', { name: 'Web logs' }).getAttribute('href')).toBe('/weblogs');
  });

  it("has a page heading, and a single page reads '1 row' without paging buttons (not '1 ... 1 of 1')", async () => {
    renderLogs(developer);
    expect(screen.getByRole('heading', { level: 1, name: 'App logs' })).toBeTruthy();
    expect(await screen.findByText('1 row')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('refuses a manager without the Developer flag', () => {
    renderLogs(staffSession(Level.Manager));
    expect(screen.getByText('Your permissions are not enough for seeing this page.')).toBeTruthy();
  });
});

describe('log helpers', () => {
  it('match filters as case-insensitive contains, all of them', () => {
    expect(matchesAll({ user: 'Anna@x', method: 'GET' }, { user: 'anna', method: 'g' })).toBe(true);
    expect(matchesAll({ user: 'Anna@x', method: 'GET' }, { user: 'bob', method: '' })).toBe(false);
  });
  it('label pages and durations', () => {
    expect(pageLabel(50, 50, 10_000, true)).toBe('51 ... 100 of 10,000+');
    expect(pageLabel(0, 0, 0)).toBe('No rows');
    expect(pageLabel(0, 2, 2)).toBe('2 rows');
    expect(pageLabel(0, 50, 120)).toBe('1 ... 50 of 120');
    expect(pageLabel(100, 20, 120)).toBe('101 ... 120 of 120');
    expect(durationText(360_000)).toBe('6 min 0 s');
    expect(durationText(3_720_000)).toBe('1 h 2 min');
  });
});
