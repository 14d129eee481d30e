import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { Level, type TCustomer } from '@insp/contracts';
import { actorOf, SessionContext } from '../../providers/session';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { staffSession } from '../../test/render-resource';
import { SitesSection } from '../customers/SitesSection';
import { EquipmentPlans } from './EquipmentPlans';
import { FAMILY, INSPECTOR, MACHINE, MODEL, planRow, PROTOCOL, SITE } from './planRows.test-helpers';

let api: ReturnType<typeof fakeApi>;
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderWith(level: number, ui: React.ReactElement, handlers: Parameters<typeof fakeApi>[0] = {}) {
  api = fakeApi({
    'plans.due': () => ({ data: { result: [planRow(1, { inspectionType: 'Weekly', state: 'upcoming', daysPastDue: -2 })], count: 1 } }),
    'plans.inspectors': () => ({ data: [{ id: INSPECTOR, name: 'Ivan Inspector', email: 'ivan@company.example' }] }),
    'protocolFit.sortedByFit': () => ({
      data: [
        { id: PROTOCOL, name: 'Monthly check for Jaw JC', type: 'Monthly', fit: 'Model' },
        { id: FAMILY, name: 'Weekly general', type: 'Weekly', fit: 'Any' },
      ],
    }),
    'productFamilies.all': () => ({ data: [{ id: FAMILY, name: 'Jaw JC', productModels: [{ id: MODEL, name: 'JC100' }] }] }),
    ...handlers,
  });
  vi.stubGlobal('fetch', api.fetch);
  const session = staffSession(level);
  render(
    <SessionContext.Provider value={{ session, actor: actorOf(session) }}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </SessionContext.Provider>,
  );
}
async function pick(scope: ReturnType<typeof within>, label: string, option: string) {
  const select = () => scope.getByRole('combobox', { name: new RegExp(`^${label}`) });
  await waitFor(() => expect(select().getAttribute('aria-disabled')).toBeNull());
  fireEvent.mouseDown(select());
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe("the equipment's plans", { timeout: 20_000 }, () => {
  it('lists every plan of the machine with its state; a manager adds one with a protocol of the type', async () => {
    renderWith(Level.Manager, <EquipmentPlans equipmentId={MACHINE} />, {
      'plans.create': (input) => ({ data: { ...planRow(9), ...(input as object) } }),
    });
    expect(await screen.findByText('Due in 2 days')).toBeTruthy();
    expect(api.calls.find((c) => c.path === 'plans.due')?.input).toMatchObject({ equipmentId: MACHINE, states: ['upcoming', 'due', 'overdue', 'in_progress'] });
    fireEvent.click(screen.getByRole('button', { name: 'Add plan' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'SAVE' }));
    expect(await dialog.findByText('Choose an inspection type.')).toBeTruthy();
    await pick(dialog, 'Inspection type', 'Monthly');
    await pick(dialog, 'Protocol', 'Monthly check for Jaw JC');
    await pick(dialog, 'Inspector', 'Ivan Inspector (ivan@company.example)');
    fireEvent.change(dialog.getByLabelText('Grace days'), { target: { value: '400' } });
    fireEvent.click(dialog.getByRole('button', { name: 'SAVE' }));
    expect(await dialog.findByText(/Too big/)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Grace days'), { target: { value: '3' } });
    fireEvent.change(dialog.getByLabelText('First due date'), { target: { value: '2026-12-01' } });
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Remind the customer' }));
    fireEvent.click(dialog.getByRole('button', { name: 'SAVE' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === 'plans.create')?.input).toEqual({
        equipmentId: MACHINE, inspectionType: 'Monthly', protocolId: PROTOCOL, graceDays: 3, inspectorUserId: INSPECTOR, remindCustomer: true, startsOn: '2026-12-01',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal under the field it names", async () => {
    renderWith(Level.Admin, <EquipmentPlans equipmentId={MACHINE} />, {
      'plans.update': () => ({ error: { httpStatus: 400, code: 'BAD_REQUEST', message: 'inspectorUserId: no such user', field: 'inspectorUserId' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Edit plan Weekly/ }));
    const dialog = within(await screen.findByRole('dialog'));
    expect((dialog.getByRole('combobox', { name: /^Inspection type/ }) as HTMLElement).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(dialog.getByRole('button', { name: 'SAVE' }));
    expect(await dialog.findByText('No such user')).toBeTruthy();
    expect(api.calls.find((c) => c.path === 'plans.update')?.input).toMatchObject({ data: { graceDays: 0, inspectorUserId: INSPECTOR } });
  });

  it('has no plan buttons below staff Manager', async () => {
    renderWith(Level.User, <EquipmentPlans equipmentId={MACHINE} />);
    expect(await screen.findByText('Due in 2 days')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add plan' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /plan/i })).toEqual([]);
  });
});

const customer = { id: 'c', name: 'Quarry Ltd', sites: [{ id: SITE, name: 'North pit' }], contacts: [], equipment: [] } as unknown as TCustomer;

describe('plans for a whole site', { timeout: 20_000 }, () => {
  it('creates a plan for every machine of a model at the site and says how many were made and kept', async () => {
    renderWith(Level.Manager, <SitesSection customer={customer} editable={false} canPlan />, {
      'plans.createForSite': () => ({ data: { created: 12, skipped: 3, ids: [] } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Plan inspections for site North pit' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('heading').textContent).toBe('Plan inspections for this site: North pit');
    await pick(dialog, 'Inspection type', 'Quarterly');
    await pick(dialog, 'Product family', 'Jaw JC');
    await pick(dialog, 'Product model', 'JC100');
    fireEvent.click(dialog.getByRole('button', { name: 'CREATE PLANS' }));
    expect(await dialog.findByText('Created 12 plans; 3 machines already had one.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === 'plans.createForSite')?.input).toEqual({
      customerSiteId: SITE, inspectionType: 'Quarterly', productModelId: MODEL, graceDays: 0, inspectorUserId: null, remindCustomer: false,
    });
  });

  it('is not offered without the right', () => {
    renderWith(Level.Manager, <SitesSection customer={customer} editable={false} />);
    expect(screen.queryByRole('button', { name: /Plan inspections/ })).toBeNull();
  });
});
