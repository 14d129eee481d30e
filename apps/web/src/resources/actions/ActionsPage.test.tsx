import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { Level, type TAction, type TSession } from '@insp/contracts';
import { actorOf, SessionContext } from '../../providers/session';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { staffSession } from '../../test/render-resource';
import { renderRouteScreen } from '../../test/render-route';
import { ActionsPage } from './ActionsPage';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [MACHINE, CUSTOMER, INSPECTION, STAFF] = [201, 202, 203, 204].map(id);
/** An action row as actions.list answers it. */
function actionRow(n: number, over: Partial<TAction> = {}): TAction {
  return {
    id: id(n), state: 'proposed', reason: 'Repair', equipmentId: MACHINE, serialNumber: `SN-${n}`, nickName: null, customerId: CUSTOMER,
    customerName: 'Quarry Ltd', customerSiteName: 'North pit', inspectionId: INSPECTION, inspectionName: 'Weekly check', inspectionDate: 0,
    resultId: null, inspectionPointId: null, pointName: 'Jaw plates', value: null, text: 'Replace the jaw plates', assigneeUserId: null,
    assigneeName: null, dueOn: null, overdue: false, decidedByName: null, decidedAt: null, dismissReason: null, closedByName: null, closedAt: null,
    closeComment: null, fixedByInspectionId: null, createdAt: 0, ...over,
  };
}
const rows = [
  actionRow(1, { serialNumber: 'SN-PROP', nickName: 'Big one' }),
  actionRow(2, { serialNumber: 'SN-OPEN', state: 'open', reason: 'OutOfLimits', pointName: 'Oil temp', value: '35', assigneeUserId: 'u1', assigneeName: 'A', dueOn: '2026-12-01' }),
  actionRow(3, { serialNumber: 'SN-LATE', state: 'open', reason: 'ImmediateAction', pointName: 'Guards', assigneeUserId: STAFF, assigneeName: 'Ivan', dueOn: '2026-11-20', overdue: true }),
];
let api: ReturnType<typeof fakeApi>;

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderActions(session: TSession, answers: Parameters<typeof fakeApi>[0] = {}) {
  api = fakeApi({
    'actions.list': () => ({ data: { result: rows, count: 60 } }),
    'plans.inspectors': () => ({ data: [{ id: STAFF, name: 'Ivan Inspector', email: 'ivan@company.example' }] }),
    'actions.fixCandidates': () => ({ data: [] }),
    'inspectionStart.customers': () => ({ data: [{ id: CUSTOMER, name: 'Quarry Ltd', mdmCustomerId: null }] }),
    ...answers,
  });
  vi.stubGlobal('fetch', api.fetch);
  render(
    <SessionContext.Provider value={{ session, actor: actorOf(session) }}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/Actions']}>
          <ActionsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </SessionContext.Provider>,
  );
}
const lastList = () => api.calls.filter((c) => c.path === 'actions.list').at(-1)?.input as Record<string, unknown>;
const rowOf = (serial: string) => screen.getByText(new RegExp(serial)).closest('tr')!;
const buttonsOf = (serial: string) => within(rowOf(serial)).queryAllByRole('button').map((b) => b.textContent);
const distributor: TSession = {
  user: { id: 'd1', name: 'Dana', email: 'dana@distributor.example', externalUser: true, externalUserCompany: { id: 'c1', name: 'Nordic' }, externalUserDistributorAdmin: true },
  level: Level.Manager,
  flags: [],
};

describe('the Actions screen', { timeout: 20_000 }, () => {
  it('lists proposed and open actions by due date, 25 a page: machine, finding in words, due date, state and the report', async () => {
    renderActions(staffSession(Level.Manager));
    await screen.findByText(/SN-PROP/);
    expect(lastList()).toMatchObject({ states: ['proposed', 'open'], orderKey: 'dueOn', orderDirection: 'asc', offset: 0, amount: 25, search: '' });
    expect(lastList()).not.toHaveProperty('overdue');
    expect(screen.getAllByTestId('action-state').map((s) => s.textContent)).toEqual(['Proposed', 'Open', 'Open, overdue']);
    expect(within(rowOf('SN-PROP')).getByText('SN-PROP · “Big one”')).toBeTruthy();
    expect(within(rowOf('SN-PROP')).getByText('Jaw plates — Repair')).toBeTruthy();
    expect(within(rowOf('SN-OPEN')).getByText('Oil temp — Out of limits: 35')).toBeTruthy();
    expect(within(rowOf('SN-OPEN')).getByText('01.12.2026')).toBeTruthy();
    expect(within(rowOf('SN-LATE')).getByText('Guards — Immediate action')).toBeTruthy();
    expect(within(rowOf('SN-LATE')).getByText('Overdue since 20.11.2026')).toBeTruthy();
    expect(within(rowOf('SN-PROP')).getByText('North pit')).toBeTruthy();
    expect(within(rowOf('SN-PROP')).getByRole('link', { name: 'Report: Weekly check' }).getAttribute('href')).toBe(`/Reports/${INSPECTION}`);
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastList()).toMatchObject({ offset: 25 }));
  });

  it('filters by state (Overdue is open past its due date) and search, and sorts on the server', async () => {
    renderActions(staffSession(Level.Manager));
    await screen.findByText(/SN-PROP/);
    const state = async (name: string) => {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'State' }));
      fireEvent.click(await screen.findByRole('option', { name }));
    };
    await state('Overdue');
    await waitFor(() => expect(lastList()).toMatchObject({ states: ['open'], overdue: 'true' }));
    await state('Dismissed');
    await waitFor(() => expect(lastList()).toMatchObject({ states: ['dismissed'] }));
    expect(lastList()).not.toHaveProperty('overdue');
    await state('Closed');
    await waitFor(() => expect(lastList()).toMatchObject({ states: ['closed'] }));
    await state('Proposed');
    await waitFor(() => expect(lastList()).toMatchObject({ states: ['proposed'] }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'jaw' } });
    await waitFor(() => expect(lastList()).toMatchObject({ search: 'jaw' }));
    fireEvent.click(screen.getByRole('button', { name: 'Customer / site' }));
    await waitFor(() => expect(lastList()).toMatchObject({ orderKey: 'customerName', orderDirection: 'asc', offset: 0 }));
  });

  it('filters a manager\'s list by customer and by assignee (me, a staff member) on the server', async () => {
    renderActions(staffSession(Level.Manager));
    await screen.findByText(/SN-PROP/);
    expect(lastList()).not.toHaveProperty('customerId');
    expect(lastList()).not.toHaveProperty('assigneeUserId');
    fireEvent.change(screen.getByRole('combobox', { name: 'Customer' }), { target: { value: 'quar' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Quarry Ltd' }));
    await waitFor(() => expect(lastList()).toMatchObject({ customerId: CUSTOMER, offset: 0 }));
    const assignee = async (name: string) => {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Assignee' }));
      fireEvent.click(await screen.findByRole('option', { name }));
    };
    await assignee('Me');
    await waitFor(() => expect(lastList()).toMatchObject({ customerId: CUSTOMER, assigneeUserId: 'me' }));
    await assignee('Ivan Inspector');
    await waitFor(() => expect(lastList()).toMatchObject({ assigneeUserId: STAFF }));
  });

  it('offers no assignee filter to a staff user (they see their own actions) and no customer pick to a distributor', async () => {
    renderActions(staffSession(Level.User));
    await screen.findByText(/SN-PROP/);
    expect(screen.queryByRole('combobox', { name: 'Assignee' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Customer' })).toBeTruthy();
    cleanup();
    renderActions(distributor);
    await screen.findByText(/SN-PROP/);
    expect(screen.queryByRole('combobox', { name: 'Customer' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Assignee' })).toBeNull();
    expect(api.calls.some((c) => c.path === 'inspectionStart.customers' || c.path === 'plans.inspectors')).toBe(false);
  });

  it('gives a manager Accept and Dismiss on a proposal, Assign and Close on an open action', async () => {
    renderActions(staffSession(Level.Manager));
    await screen.findByText(/SN-PROP/);
    expect(buttonsOf('SN-PROP')).toEqual(['Accept', 'Dismiss']);
    expect(buttonsOf('SN-OPEN')).toEqual(['Assign', 'Close']);
  });

  it('gives a staff user Close on their own open action only, and no decisions', async () => {
    renderActions(staffSession(Level.User)); // user u1 is the assignee of SN-OPEN
    await screen.findByText(/SN-PROP/);
    expect(buttonsOf('SN-PROP')).toEqual([]);
    expect(buttonsOf('SN-OPEN')).toEqual(['Close']);
    expect(buttonsOf('SN-LATE')).toEqual([]);
  });

  it('gives a distributor no buttons, even at manager level', async () => {
    renderActions(distributor);
    await screen.findByText(/SN-PROP/);
    expect(screen.queryAllByRole('button', { name: /^(Accept|Dismiss|Assign|Close):/ })).toEqual([]);
  });

  it('accepts a proposal with an assignee, a due date and the text reworded', async () => {
    renderActions(staffSession(Level.Manager), { 'actions.accept': (input) => ({ data: input }) });
    await screen.findByText(/SN-PROP/);
    fireEvent.click(within(rowOf('SN-PROP')).getByRole('button', { name: /^Accept/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Accept action');
    expect((within(dialog).getByRole('textbox', { name: 'What to do' }) as HTMLTextAreaElement).value).toBe('Replace the jaw plates');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Assignee' }).getAttribute('aria-disabled')).toBeNull());
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Assignee' }));
    fireEvent.click(await screen.findByRole('option', { name: /Ivan Inspector/ }));
    fireEvent.change(within(dialog).getByLabelText('Due date'), { target: { value: '2026-12-10' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'What to do' }), { target: { value: 'Replace both plates' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.path === 'actions.accept')?.input).toEqual({ id: rows[0]!.id, data: { assigneeUserId: STAFF, dueOn: '2026-12-10', text: 'Replace both plates' } });
  });

  it('requires a reason to dismiss, and shows the server’s 409 in the dialog', async () => {
    renderActions(staffSession(Level.Manager), {
      'actions.dismiss': () => ({ error: { httpStatus: 409, code: 'CONFLICT', message: 'state: the action is open, not proposed', field: 'state' } }),
    });
    await screen.findByText(/SN-PROP/);
    fireEvent.click(within(rowOf('SN-PROP')).getByRole('button', { name: /^Dismiss/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    expect(await within(dialog).findByText('Is required')).toBeTruthy();
    expect(api.calls.some((c) => c.path === 'actions.dismiss')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Already fixed on site' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    expect(await within(dialog).findByText('The action is open, not proposed')).toBeTruthy();
    expect(api.calls.find((c) => c.path === 'actions.dismiss')?.input).toEqual({ id: rows[0]!.id, data: { reason: 'Already fixed on site' } });
  });

  it('assigns an open action to nobody, and closes one with a comment, showing a 400 beside its field', async () => {
    renderActions(staffSession(Level.Manager), {
      'actions.assign': (input) => ({ data: input }),
      'actions.close': () => ({ error: { httpStatus: 400, code: 'BAD_REQUEST', message: 'comment: is too long', field: 'comment' } }),
    });
    await screen.findByText(/SN-OPEN/);
    fireEvent.click(within(rowOf('SN-LATE')).getByRole('button', { name: /^Assign/ }));
    let dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Due date') as HTMLInputElement).value).toBe('2026-11-20');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Assignee' }).textContent).toMatch(/Ivan Inspector/));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Assignee' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Nobody' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.path === 'actions.assign')?.input).toEqual({ id: rows[2]!.id, data: { assigneeUserId: null, dueOn: '2026-11-20' } });

    fireEvent.click(await within(rowOf('SN-OPEN')).findByRole('button', { name: /^Close/ }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Close action');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Comment/ }), { target: { value: 'Sensor replaced' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    expect(await within(dialog).findByText('Is too long')).toBeTruthy();
    expect(api.calls.find((c) => c.path === 'actions.close')?.input).toEqual({ id: rows[1]!.id, data: { comment: 'Sensor replaced' } });
  });

  it('closes with the inspection that shows the fix, picked from the machine’s later finished reports by date and name', async () => {
    const [FIX, OLDER] = [301, 302].map(id);
    renderActions(staffSession(Level.Manager), {
      'actions.fixCandidates': () => ({
        data: [
          { id: FIX, name: 'Weekly check 2', type: 'Weekly', inspectionDate: Date.UTC(2026, 10, 24, 10) },
          { id: OLDER, name: 'Daily check', type: 'Daily', inspectionDate: Date.UTC(2026, 10, 21, 10) },
        ],
      }),
      'actions.close': (input) => ({ data: input }),
    });
    await screen.findByText(/SN-OPEN/);
    fireEvent.click(within(rowOf('SN-OPEN')).getByRole('button', { name: /^Close/ }));
    const dialog = await screen.findByRole('dialog');
    const pick = within(dialog).getByRole('combobox', { name: 'Inspection that shows the fix' });
    await waitFor(() => expect(pick.getAttribute('aria-disabled')).toBeNull());
    expect(api.calls.find((c) => c.path === 'actions.fixCandidates')?.input).toEqual({ id: rows[1]!.id });
    fireEvent.mouseDown(pick);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['None', '24.11.2026 — Weekly check 2', '21.11.2026 — Daily check']);
    fireEvent.click(options[1]!);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Comment/ }), { target: { value: 'Sensor replaced' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.path === 'actions.close')?.input).toEqual({ id: rows[1]!.id, data: { comment: 'Sensor replaced', fixedByInspectionId: FIX } });
  });

  it('says when the machine has no finished inspection since the finding, and closes without one', async () => {
    renderActions(staffSession(Level.Manager), {
      'actions.close': () => ({ error: { httpStatus: 400, code: 'BAD_REQUEST', message: 'fixedByInspectionId: must be a finished inspection made after the one that found it', field: 'fixedByInspectionId' } }),
    });
    await screen.findByText(/SN-OPEN/);
    fireEvent.click(within(rowOf('SN-OPEN')).getByRole('button', { name: /^Close/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('No finished inspection of this machine since the finding')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Inspection that shows the fix' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Comment/ }), { target: { value: 'Done' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    // A 400 naming the pick goes under it.
    expect(await within(dialog).findByText('Must be a finished inspection made after the one that found it')).toBeTruthy();
    expect(api.calls.find((c) => c.path === 'actions.close')?.input).toEqual({ id: rows[1]!.id, data: { comment: 'Done' } });
  });

  it('is refused on /Actions to an account below User level, and opened for a staff User through the route table', async () => {
    api = fakeApi({ 'actions.list': () => ({ data: { result: rows, count: 3 } }) });
    vi.stubGlobal('fetch', api.fetch);
    renderRouteScreen('/Actions', staffSession(Level.None));
    expect(screen.getByText('Your permissions are not enough for seeing this page.')).toBeTruthy();
    expect(api.calls).toEqual([]);
    cleanup();
    renderRouteScreen('/Actions', staffSession(Level.User));
    expect(await screen.findByText(/SN-PROP/)).toBeTruthy();
  });
});
