import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Notification } from 'react-admin';
import { Level, type TSession, type TStaffAccount } from '@insp/contracts';
import { registerResourceRouter } from '../../providers/dataProvider';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { renderResource, staffSession } from '../../test/render-resource';
import { StaffAccountList } from './StaffAccountList';
import { StaffAccountsLink } from './StaffAccountsLink';

registerResourceRouter('StaffAccounts', 'staffAccounts');
const INA = '00000000-0000-4000-8000-00000000000b';
let rows: TStaffAccount[];
let api: ReturnType<typeof fakeApi>;
let refuse: boolean;

beforeEach(() => {
  refuse = false;
  rows = [
    // u1 is the signed-in user of staffSession
    { id: 'u1', name: 'Ada Admin', email: 'a@company.example', level: Level.Admin, lastSignIn: Date.UTC(2026, 10, 23, 14, 5), flags: ['Developer'] },
    { id: INA, name: 'Ina Inspector', email: 'ina@company.example', level: Level.User, lastSignIn: null, flags: ['CertificationManager'] },
  ];
  api = fakeApi({
    'staffAccounts.list': () => ({ data: { result: rows, count: rows.length } }),
    'staffAccounts.update': (input) => {
      if (refuse) return { error: { httpStatus: 403, code: 'FORBIDDEN', message: 'Your permissions are not enough for this action.' } };
      const { id, data } = input as { id: string; data: { flags: TStaffAccount['flags'] } };
      rows = rows.map((r) => (r.id === id ? { ...r, flags: data.flags } : r));
      return { data: rows.find((r) => r.id === id) };
    },
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const renderList = () =>
  renderResource(
    'StaffAccounts',
    <>
      <StaffAccountList />
      <Notification />
    </>,
    staffSession(Level.Admin),
  );
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

// react-admin lists render slowly in a DOM emulation on a shared 2-core machine: a generous bound, not a hang.
describe('staff accounts list', { timeout: 20_000 }, () => {
  it('asks for the first page of 50 sorted by name ascending and shows level names and last sign-in', async () => {
    renderList();
    await screen.findByText('Ina Inspector');
    expect(api.calls.find((c) => c.path === 'staffAccounts.list')?.input).toMatchObject({ offset: 0, amount: 50, search: '', orderKey: 'name', orderDirection: 'asc' });
    expect(screen.getByText('Admin')).toBeTruthy();
    expect(screen.getByText('User')).toBeTruthy();
    expect(screen.getByText('23.11.2026 14:05 UTC')).toBeTruthy();
    expect(screen.getByText('Never')).toBeTruthy();
    expect(screen.getByText('1 ... 2')).toBeTruthy();
  });

  it("shows the signed-in user's own flags but disables them, and leaves other rows editable", async () => {
    renderList();
    await screen.findByText('Ina Inspector');
    expect(box('Developer: Ada Admin').checked).toBe(true);
    for (const flag of ['Rater', 'Certification manager', 'Developer']) {
      expect(box(`${flag}: Ada Admin`).disabled, flag).toBe(true);
      expect(box(`${flag}: Ina Inspector`).disabled, flag).toBe(false);
    }
  });

  it('saves a ticked flag with the row\'s other flags at once, and shows what the server stored', async () => {
    renderList();
    await screen.findByText('Ina Inspector');
    fireEvent.click(box('Rater: Ina Inspector'));
    await waitFor(() => expect(api.calls.find((c) => c.path === 'staffAccounts.update')?.input).toEqual({ id: INA, data: { flags: ['CertificationManager', 'Rater'] } }));
    await waitFor(() => expect(box('Rater: Ina Inspector').checked).toBe(true));
    await waitFor(() => expect(box('Rater: Ina Inspector').disabled).toBe(false));
    fireEvent.click(box('Certification manager: Ina Inspector'));
    await waitFor(() => expect(api.calls.filter((c) => c.path === 'staffAccounts.update').at(-1)?.input).toEqual({ id: INA, data: { flags: ['Rater'] } }));
    await waitFor(() => expect(box('Certification manager: Ina Inspector').checked).toBe(false));
  });

  it('keeps the box as it was and says why when the server refuses', async () => {
    refuse = true;
    renderList();
    await screen.findByText('Ina Inspector');
    fireEvent.click(box('Developer: Ina Inspector'));
    await screen.findByText('Your permissions are not enough for this action.');
    expect(api.calls.find((c) => c.path === 'staffAccounts.update')?.input).toEqual({ id: INA, data: { flags: ['CertificationManager', 'Developer'] } });
    expect(box('Developer: Ina Inspector').checked).toBe(false);
    expect(box('Developer: Ina Inspector').disabled).toBe(false);
  });
});

describe('the link from the Distributors list', () => {
  const linkFor = (session: TSession) => {
    renderResource('ExternalUsers', <StaffAccountsLink />, session);
    return screen.queryByRole('link', { name: 'Staff accounts' });
  };
  const distributor: TSession = {
    user: { id: 'd1', name: 'D', email: 'd@dist.example', externalUser: true, externalUserCompany: { id: 'c1', name: 'Nordic' }, externalUserDistributorAdmin: true },
    level: Level.Manager,
    flags: ['Developer'],
  };

  it('is offered to Admins and Developer-flag staff, and to no manager or distributor', () => {
    expect(linkFor(staffSession(Level.Admin))?.getAttribute('href')).toBe('/StaffAccounts');
    cleanup();
    expect(linkFor({ ...staffSession(Level.User), flags: ['Developer'] })).not.toBeNull();
    cleanup();
    expect(linkFor(staffSession(Level.Manager))).toBeNull();
    cleanup();
    expect(linkFor(distributor)).toBeNull();
  });
});
