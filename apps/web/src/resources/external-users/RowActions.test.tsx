import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, defaultI18nProvider, RecordContextProvider, ResourceContextProvider, type DataProvider } from 'react-admin';
import { Level, type TExternalUser, type TSession } from '@insp/contracts';
import { fakeApi } from '../../test/render';
import { queryClient } from '../../providers/queryClient';
import { actorOf, SessionContext } from '../../providers/session';
import { ActivateRowButton, DeleteRowButton, SendPasswordLinkButton } from './RowActions';

const session: TSession = {
  user: { id: 'me', name: 'Dana', email: 'dana@dist.example', externalUser: true, externalUserCompany: { id: 'c1', name: 'Nordic' }, externalUserDistributorAdmin: true },
  level: Level.Manager,
  flags: [],
};
const erik: TExternalUser = {
  id: 'e1', name: 'Erik Expired', email: 'erik@dist.example', company: { id: 'c1', name: 'Nordic' }, categories: [],
  distributorAdmin: false, expires: Date.now() - 1000, hasPassword: true, status: 'expired',
};

let api: ReturnType<typeof fakeApi>;
let remove: ReturnType<typeof vi.fn>;
beforeEach(() => {
  api = fakeApi({ 'externalUsers.activate': () => ({ data: { ...erik, status: 'active' } }), 'auth.forgotPassword': () => ({ data: { ok: true } }) });
  vi.stubGlobal('fetch', api.fetch);
  remove = vi.fn(async () => ({ data: erik }));
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderRow(record: TExternalUser) {
  const dataProvider = { delete: remove, getList: vi.fn(async () => ({ data: [], total: 0 })) } as unknown as DataProvider;
  return render(
    <MemoryRouter>
      <SessionContext.Provider value={{ session, actor: actorOf(session) }}>
        <AdminContext dataProvider={dataProvider} queryClient={queryClient} i18nProvider={defaultI18nProvider}>
          <ResourceContextProvider value="UserManagement">
            <RecordContextProvider value={record}>
              <ActivateRowButton />
              <SendPasswordLinkButton />
              <DeleteRowButton />
            </RecordContextProvider>
          </ResourceContextProvider>
        </AdminContext>
      </SessionContext.Provider>
    </MemoryRouter>,
  );
}
const confirm = () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

describe('distributor row actions', () => {
  it('asks "Activate distributor {name}?" before renewing an expired account', async () => {
    renderRow(erik);
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(screen.getByText('Activate distributor Erik Expired?')).toBeTruthy();
    confirm();
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('externalUsers.activate'));
    expect(api.calls.find((c) => c.path === 'externalUsers.activate')!.input).toEqual({ id: 'e1' });
  });

  it('asks "Delete distributor {name}?" and deletes only after Confirm', async () => {
    renderRow(erik);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Delete distributor Erik Expired?')).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();
    confirm();
    await waitFor(() => expect(remove).toHaveBeenCalledWith('UserManagement', expect.objectContaining({ id: 'e1' })));
  });

  it('sends a password link after the reset question', async () => {
    renderRow(erik);
    fireEvent.click(screen.getByRole('button', { name: 'Send password link' }));
    expect(screen.getByText('Send a password reset link to erik@dist.example?')).toBeTruthy();
    confirm();
    await waitFor(() => expect(api.calls.find((c) => c.path === 'auth.forgotPassword')?.input).toEqual({ id: 'e1' }));
  });

  it('offers no Activate on an active row and no Delete on the own row', () => {
    renderRow({ ...erik, id: 'me', status: 'active' });
    expect(screen.queryByRole('button', { name: 'Activate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send password link' })).toBeTruthy();
  });
});
