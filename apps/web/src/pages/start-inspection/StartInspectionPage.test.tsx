import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../providers/queryClient';
import { fakeApi, renderAt } from '../../test/render';
import { directWrites, InspectionWritesProvider, type InspectionWrites } from '../../inspection-writes';
import { StartInspectionPage } from './StartInspectionPage';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [CUSTOMER, SITE, MACHINE, FAMILY, MODEL, BEST, GENERAL, AUDIT, CREATED] = [1, 2, 3, 4, 5, 6, 7, 8, 9].map(id);
const handlers = {
  'inspectionStart.customers': (input: unknown) => ({
    data: [{ id: CUSTOMER, name: 'Quarry Ltd', mdmCustomerId: null }].filter((c) => !(input as { id?: string }).id || (input as { id?: string }).id === c.id),
  }),
  'inspectionStart.sites': () => ({ data: [{ id: SITE, name: 'North pit' }] }),
  'inspectionStart.equipment': () => ({
    data: [{ id: MACHINE, serialNumber: 'SN-1', nickName: null, productFamilyId: FAMILY, productFamilyName: 'Jaw JC', productModelId: MODEL, productModelName: 'JC100' }],
  }),
  'productFamilies.all': () => ({ data: [{ id: FAMILY, name: 'Jaw JC', productModels: [{ id: MODEL, name: 'JC100' }] }] }),
  'protocolFit.sortedByFit': () => ({
    data: [
      { id: BEST, name: 'Daily check for Jaw JC', type: 'Daily', fit: 'Model' },
      { id: AUDIT, name: 'Site audit', type: 'Audit_Site', fit: 'Any' },
      { id: GENERAL, name: 'General check', type: 'Weekly', fit: 'Any' },
    ],
  }),
};

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderPage(createInspection: InspectionWrites['createInspection'] = vi.fn(), path = '/Reports/new') {
  const api = fakeApi(handlers);
  vi.stubGlobal('fetch', api.fetch);
  renderAt(path, [
    { path: '/Reports/new', element: <InspectionWritesProvider writes={{ ...directWrites, createInspection }}><StartInspectionPage /></InspectionWritesProvider> },
  ]);
  return api;
}

const startButton = () => screen.getByRole('button', { name: 'Start' }) as HTMLButtonElement;
async function pick(label: string, option: string | RegExp) {
  const select = () => screen.getByRole('combobox', { name: new RegExp(`^${label}`) });
  await waitFor(() => expect(select().getAttribute('aria-disabled')).toBeNull());
  fireEvent.mouseDown(select());
  fireEvent.click(await screen.findByRole('option', { name: option }));
}
async function chooseCustomer() {
  const input = screen.getByRole('combobox', { name: /^Customer/ });
  fireEvent.change(input, { target: { value: 'quar' } });
  fireEvent.click(await screen.findByRole('option', { name: 'Quarry Ltd' }));
  // The only site is chosen for the user.
  await waitFor(() => expect(screen.getByRole('combobox', { name: /^Site/ }).textContent).toBe('North pit'));
}

describe('starting an inspection', () => {
  it('keeps Start disabled, saying what is still needed, until customer, site, equipment and protocol are chosen', async () => {
    const create = vi.fn(async () => ({ id: CREATED }) as never);
    renderPage(create);
    expect(startButton().disabled).toBe(true);
    expect(screen.getByText('Still needed: customer, site, equipment, protocol')).toBeTruthy();
    expect(screen.getByText('Choose the equipment first: the protocols that fit it are listed here, best fit first.')).toBeTruthy();
    await chooseCustomer();
    expect(screen.getByText('Still needed: equipment, protocol')).toBeTruthy();
    await pick('Equipment', /SN-1/);
    const choices = await screen.findAllByTestId('protocol-choice');
    // Best fit first, with why it fits; audit protocols are not offered.
    expect(choices.map((c) => c.textContent)).toEqual(['Daily check for Jaw JCDailyFits the model', 'General checkWeeklyGeneral']);
    expect(startButton().disabled).toBe(true);
    fireEvent.click(within(choices[0]!).getByRole('radio'));
    expect(startButton().disabled).toBe(false);
    expect(screen.queryByText(/Still needed/)).toBeNull();
    fireEvent.click(startButton());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/Reports/${CREATED}/edit`));
    expect(create).toHaveBeenCalledWith({ protocolId: BEST, customerId: CUSTOMER, customerSiteId: SITE, equipment: { id: MACHINE } });
  });

  it('takes new equipment by family, model and a serial number or nickname, with the message under the field once left', async () => {
    const api = renderPage();
    await chooseCustomer();
    fireEvent.click(screen.getByRole('button', { name: 'New equipment' }));
    await pick('Product family', 'Jaw JC');
    await pick('Product model', 'JC100');
    fireEvent.click(within((await screen.findAllByTestId('protocol-choice'))[0]!).getByRole('radio'));
    expect(api.calls.find((c) => c.path === 'protocolFit.sortedByFit')?.input).toEqual({ productFamilyId: FAMILY, productModelId: MODEL });
    const serial = screen.getByRole('textbox', { name: 'Serial number' });
    fireEvent.blur(serial);
    expect(screen.getByText('Give a serial number or a nickname.')).toBeTruthy();
    expect(startButton().disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Nickname' }), { target: { value: 'Old blue' } });
    expect(screen.queryByText('Give a serial number or a nickname.')).toBeNull();
    expect(startButton().disabled).toBe(false);
  });

  it('shows the server’s refusal under the field it names', async () => {
    const refuse = vi.fn(async () => {
      const { TRPCClientError } = await import('@trpc/client');
      throw new TRPCClientError('equipment.serialNumber: is another customer\'s equipment', { result: { error: { data: { httpStatus: 400, field: 'equipment.serialNumber' } } } } as never);
    });
    renderPage(refuse as never);
    await chooseCustomer();
    fireEvent.click(screen.getByRole('button', { name: 'New equipment' }));
    await pick('Product family', 'Jaw JC');
    await pick('Product model', 'JC100');
    fireEvent.click(within((await screen.findAllByTestId('protocol-choice'))[0]!).getByRole('radio'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Serial number' }), { target: { value: 'SN-OTHER' } });
    fireEvent.click(startButton());
    expect(await screen.findByText("is another customer's equipment")).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/Reports/new');
  });

  it("opens prefilled from a plan's 'Start inspection': customer, site, machine and the best protocol of the type", async () => {
    const create = vi.fn(async () => ({ id: CREATED }) as never);
    const api = renderPage(create, `/Reports/new?customerId=${CUSTOMER}&siteId=${SITE}&equipmentId=${MACHINE}&type=Weekly`);
    await waitFor(() => expect(startButton().disabled).toBe(false));
    expect((screen.getByRole('combobox', { name: /^Customer/ }) as HTMLInputElement).value).toBe('Quarry Ltd');
    expect(screen.getByRole('combobox', { name: /^Equipment/ }).textContent).toMatch(/SN-1/);
    expect(api.calls.find((c) => c.path === 'inspectionStart.customers')?.input).toMatchObject({ id: CUSTOMER });
    const chosen = screen.getAllByTestId('protocol-choice').find((c) => (within(c).getByRole('radio') as HTMLInputElement).checked);
    expect(chosen?.textContent).toMatch(/^General check/);
    fireEvent.click(startButton());
    await waitFor(() => expect(create).toHaveBeenCalledWith({ protocolId: GENERAL, customerId: CUSTOMER, customerSiteId: SITE, equipment: { id: MACHINE } }));
  });

  it('takes the protocol named in the address, and leaves fields empty for ids it does not know', async () => {
    renderPage(vi.fn(), `/Reports/new?customerId=${CUSTOMER}&siteId=${SITE}&equipmentId=${MACHINE}&type=Weekly&protocolId=${BEST}`);
    await waitFor(() => expect(startButton().disabled).toBe(false));
    const chosen = screen.getAllByTestId('protocol-choice').find((c) => (within(c).getByRole('radio') as HTMLInputElement).checked);
    expect(chosen?.textContent).toMatch(/^Daily check for Jaw JC/);
    cleanup();
    queryClient.clear();
    renderPage(vi.fn(), `/Reports/new?customerId=${CUSTOMER}&siteId=${SITE}&equipmentId=${id(99)}&type=Weekly`);
    await waitFor(() => expect((screen.getByRole('combobox', { name: /^Customer/ }) as HTMLInputElement).value).toBe('Quarry Ltd'));
    expect(screen.getByText('Still needed: equipment, protocol')).toBeTruthy();
    cleanup();
    queryClient.clear();
    renderPage(vi.fn(), `/Reports/new?customerId=${id(98)}&equipmentId=${MACHINE}`);
    await waitFor(() => expect(screen.getByText('Still needed: customer, site, equipment, protocol')).toBeTruthy());
    expect((screen.getByRole('combobox', { name: /^Customer/ }) as HTMLInputElement).value).toBe('');
  });
});
