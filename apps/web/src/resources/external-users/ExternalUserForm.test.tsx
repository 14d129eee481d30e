import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { TRPCClientError } from '@trpc/client';
import { AdminContext, defaultI18nProvider, ResourceContextProvider, type DataProvider } from 'react-admin';
import { Level, type TSession } from '@insp/contracts';
import { fakeApi } from '../../test/render';
import { queryClient } from '../../providers/queryClient';
import { actorOf, SessionContext } from '../../providers/session';
import { ExternalUserCreate } from './ExternalUserCreate';
import { externalUserFormErrors } from './validation';

const CAT = '0b5c1f4e-2f3a-4b6c-9d7e-8f9a0b1c2d3e';
const staffSession: TSession = {
  user: { id: 'u1', name: 'Anna Admin', email: 'anna@company.example', externalUser: false, externalUserCompany: null, externalUserDistributorAdmin: false },
  level: Level.Admin,
  flags: [],
};
const distAdminSession: TSession = {
  user: { id: 'u2', name: 'Dana', email: 'dana@dist.example', externalUser: true, externalUserCompany: { id: 'c1', name: 'Nordic' }, externalUserDistributorAdmin: true },
  level: Level.Manager,
  flags: [],
};

let create: ReturnType<typeof vi.fn>;
beforeEach(() => {
  const api = fakeApi({
    'externalUsers.companies': () => ({ data: [{ id: 'c1', name: 'Nordic' }] }),
    'externalUsers.categories': () => ({ data: [{ id: CAT, name: 'Crushers' }] }),
  });
  vi.stubGlobal('fetch', api.fetch);
  create = vi.fn(async (_resource: string, { data }: { data: object }) => ({ data: { id: 'new', ...data } }));
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderCreate(session: TSession, resource: string) {
  const dataProvider = { create, getList: vi.fn(async () => ({ data: [], total: 0 })) } as unknown as DataProvider;
  return render(
    <MemoryRouter initialEntries={[`/${resource}/create`]}>
      <SessionContext.Provider value={{ session, actor: actorOf(session) }}>
        <AdminContext dataProvider={dataProvider} queryClient={queryClient} i18nProvider={defaultI18nProvider}>
          <ResourceContextProvider value={resource}>
            <ExternalUserCreate />
          </ResourceContextProvider>
        </AdminContext>
      </SessionContext.Provider>
    </MemoryRouter>,
  );
}
const save = async () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('distributor form rules (002 §5)', () => {
  it('names each broken rule by its field', () => {
    expect(externalUserFormErrors({}, true)).toEqual({
      name: 'must not be empty',
      email: 'must not be empty',
      categories: 'select at least one category (division)',
      'company.id': 'choose a company or a new company',
    });
    expect(externalUserFormErrors({ name: 'A', email: 'a.example', categories: [{ productCategoryId: CAT }], company: { id: '__new__', name: ' ' } }, true)).toEqual({
      email: "must contain '@'",
      'company.name': 'a new company name must not be empty',
    });
    expect(externalUserFormErrors({ name: 'A', email: 'a@b.example', categories: [{ productCategoryId: CAT }] }, false)).toEqual({});
  });
});

describe('distributor add form', () => {
  it('shows staff the company selector and the distributor-admin checkbox, and the messages on an empty save', async () => {
    renderCreate(staffSession, 'ExternalUsers');
    await screen.findByLabelText('Crushers');
    expect(screen.getByLabelText('Company')).toBeTruthy();
    expect(screen.getByLabelText('Distributor admin')).toBeTruthy();
    await save();
    await screen.findAllByText('must not be empty');
    expect(screen.getAllByText('must not be empty')).toHaveLength(2);
    expect(screen.getByText('select at least one category (division)')).toBeTruthy();
    expect(screen.getByText('choose a company or a new company')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('hides company and distributor admin from a distributor admin and creates without a company', async () => {
    renderCreate(distAdminSession, 'UserManagement');
    await screen.findByLabelText('Crushers');
    expect(screen.queryByLabelText('Company')).toBeNull();
    expect(screen.queryByLabelText('Distributor admin')).toBeNull();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'no-at-sign' } });
    await save();
    expect(await screen.findByText("must contain '@'")).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'New Colleague' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'new@dist.example' } });
    fireEvent.click(screen.getByLabelText('Crushers'));
    await save();
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toEqual({ name: 'New Colleague', email: 'new@dist.example', company: undefined, categories: [{ productCategoryId: CAT }], distributorAdmin: false });
  });

  it('shows the field the server blamed (an e-mail already in use) under that field', async () => {
    create.mockRejectedValueOnce(
      new TRPCClientError('email: another user already has this e-mail address', {
        result: { error: { message: 'email: another user already has this e-mail address', code: -32009, data: { code: 'CONFLICT', httpStatus: 409, field: 'email' } } },
      } as never),
    );
    renderCreate(distAdminSession, 'UserManagement');
    await screen.findByLabelText('Crushers');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Dup' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'taken@dist.example' } });
    fireEvent.click(screen.getByLabelText('Crushers'));
    await save();
    await waitFor(() => expect(create).toHaveBeenCalled());
    const message = await screen.findByText('another user already has this e-mail address');
    expect(message.closest('.MuiFormControl-root')?.querySelector('input')?.value).toBe('taken@dist.example');
  });
});
