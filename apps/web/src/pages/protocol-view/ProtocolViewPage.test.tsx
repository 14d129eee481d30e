import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { TInspectionEdit } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { setToken, clearToken } from '../../providers/token';
import { fakeApi, renderAt } from '../../test/render';
import { ProtocolViewPage } from './ProtocolViewPage';
import { formatDuration } from './format';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const blank = { selection: null, value: null, comment: null, rating: 'NotSet', photos: [], voiceCommentId: null, nameOverride: null, fields: [], rows: [], rangeValues: [], multipleChoices: [], dropdowns: [] };
const point = (n: number, values: Record<string, unknown>, content: Record<string, unknown>) => ({
  protocolPointId: id(100 + n), index: n, subcategoryTitleIndex: null, optional: false, inspectionPointId: id(200 + n), type: 'RadioButtonSelection',
  name: `Point ${n}`, description: '', nameOverridable: false, contentRequired: false, keyboardType: 'default', inputValidationRegexp: null,
  validationConsequence: 'NoAction', commentField: { present: true }, internalCommentField: { present: true }, ratingField: { present: true, required: false },
  photoField: { present: true, required: false, onlyForFailure: false }, voiceCommentField: { present: false }, measurementTitle: null, unitValue: null,
  limits: null, optionGroup: null, fieldTitle: null, inspectionPointAggregationDirection: 'No', fields: [], rows: [], rangeValueTitle: null, rangeValues: [],
  multipleChoices: [], dropdowns: [], ...values, content: { ...blank, ...content },
});
const T0 = Date.UTC(2026, 9, 23, 8, 5);

function inspection(type: string): TInspectionEdit {
  return {
    id: id(1), name: 'Commission for Drill DX', type, status: 'Finished', rating: null, finished: true, protocolId: id(2), protocolName: 'Commission for Drill DX',
    customerId: id(3), customer: 'Baltic Quarries UAB', customerSiteId: null, site: null, equipmentId: id(4), productFamilyId: id(5), productFamilyName: 'Drill DX',
    productModelId: id(6), productModelName: 'DX900', serialNumber: 'DX900-7100030', nickName: null, inspectionDate: T0, started: T0, ended: T0 + 95 * 60_000,
    created: T0, inspector: 'Ilkka Inspector', inspectorContact: 'inspector@company.example', contactName: 'Mikko Korhonen', contactPhoneNumber: '+35 654 7205',
    contactEmail: 'mikko@baltic.example', version: '3.5.2',
    categories: [{ id: id(7), title: 'Boom', index: 0, inspectionPoints: [
      point(1, {}, { id: id(301), selection: 'Worn', rating: 'Repair', comment: 'Hoses cracked.', photos: [{ id: id(401), imageId: id(501), caption: 'Hose', layout: 'Default' }] }),
      point(2, { type: 'Measurement', measurementTitle: 'Pressure', unitValue: 'bar' }, { id: id(302), value: '41.97', rating: 'Ok' }),
      point(3, {}, {}),
    ] }],
    extraPoints: [],
    findings: [{ id: id(8), title: 'Missing guard', description: 'Seen at the belt.', consequence: 'Injury risk.', corrective: 'Fit a guard.', preventive: 'Weekly check.', photos: [], show: true }],
    priorityActions: [{ id: id(9), title: 'Order spare parts', description: 'Within a week.', priority: 'High' }],
    equipmentConfigurator: { engineHours: 6601, notes: 'As delivered' }, summary: 'Machine inspected.', comment: 'Thank you for the cooperation.',
    customerSignature: id(601), providerSignature: null, sendEmail: false,
  } as TInspectionEdit;
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  clearToken();
  vi.unstubAllGlobals();
});

function renderView(data: TInspectionEdit) {
  const api = fakeApi({ 'inspectionEdit.web': () => ({ data }) });
  const images: { url: string; authorization: string | null }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (String(url).startsWith('/api/v1/images/')) {
      images.push({ url: String(url), authorization: new Headers(init?.headers).get('authorization') });
      return new Response('png', { headers: { 'content-type': 'image/png' } });
    }
    return api.fetch(url, init);
  });
  vi.stubGlobal('URL', class extends URL {
    static createObjectURL = vi.fn(() => 'blob:image');
    static revokeObjectURL = vi.fn();
  });
  setToken('tok');
  renderAt(`/Reports/${data.id}/protocol`, [{ path: '/Reports/:id/protocol', element: <ProtocolViewPage /> }]);
  return { api, images };
}

const pairs = (testId: string) => Object.fromEntries([...screen.getByTestId(testId).querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));

describe('read-only protocol view (000 §2.9)', () => {
  it('is titled with the protocol and shows started, ended and duration, the inspection, the customer and the machine', async () => {
    renderView(inspection('Commission'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Viewing protocol Commission for Drill DX');
    expect(pairs('info-inspection')).toEqual({
      Started: '23.10.2026 08:05 UTC', Ended: '23.10.2026 09:40 UTC', Duration: '1 h 35 min',
      Inspector: 'Ilkka Inspector', Contact: 'inspector@company.example', Version: '3.5.2',
    });
    expect(pairs('info-customer')).toEqual({ Customer: 'Baltic Quarries UAB', Contact: 'Mikko Korhonen', Phone: '+35 654 7205', 'E-mail': 'mikko@baltic.example' });
    expect(pairs('info-equipment')).toEqual({ 'Product family': 'Drill DX', 'Product model': 'DX900', 'Serial number': 'DX900-7100030' });
  });

  it('shows just the date when the times are not known', async () => {
    renderView({ ...inspection('Daily'), started: null, ended: null });
    await screen.findByTestId('info-inspection');
    expect(pairs('info-inspection')).toMatchObject({ Date: '23.10.2026' });
    expect(screen.queryByText('Duration')).toBeNull();
  });

  it('shows summary, priority actions, points with their answers, findings, the general comment and both signatures', async () => {
    const { images } = renderView(inspection('Commission'));
    await screen.findByTestId('info-inspection');
    expect(screen.getByText('Machine inspected.')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Priority actions' })).getByText('Order spare parts')).toBeTruthy();
    const [worn, pressure, open] = screen.getAllByTestId('point');
    expect(within(worn!).getByText('To be repaired or replaced')).toBeTruthy();
    expect(within(worn!).getByText('Hoses cracked.')).toBeTruthy();
    expect(within(pressure!).getByText('41.97 bar')).toBeTruthy();
    expect(within(open!).getByText('Not answered')).toBeTruthy();
    expect(within(screen.getByTestId('finding')).getByText('Fit a guard.')).toBeTruthy();
    expect(screen.getByText('Thank you for the cooperation.')).toBeTruthy();
    const [customer, provider] = screen.getAllByTestId('signature');
    expect(within(customer!).getByText('Customer signature')).toBeTruthy();
    expect(within(provider!).getByText('Not signed')).toBeTruthy();
    // Images come through the API with the bearer token, shown from object URLs.
    await waitFor(() => expect(screen.getByRole('img', { name: 'Customer signature' }).getAttribute('src')).toBe('blob:image'));
    expect(images).toContainEqual({ url: `/api/v1/images/${id(601)}/file`, authorization: 'Bearer tok' });
    expect(images).toContainEqual({ url: `/api/v1/images/${id(501)}/file`, authorization: 'Bearer tok' });
  });

  it('shows the equipment configurator for types Commission and Equipment_Configurator (issue 20) only', async () => {
    for (const type of ['Commission', 'Equipment_Configurator']) {
      renderView(inspection(type));
      await screen.findByTestId('configurator');
      expect(pairs('configurator')).toEqual({ 'Engine hours': '6601', Notes: 'As delivered' });
      cleanup();
      queryClient.clear();
    }
    renderView(inspection('Daily'));
    await screen.findByTestId('info-inspection');
    expect(screen.queryByText('Equipment configurator')).toBeNull();
    expect(screen.queryByTestId('configurator')).toBeNull();
  });

  it('writes durations in hours and minutes', () => {
    expect(formatDuration(0, 5 * 60_000)).toBe('0 h 5 min');
    expect(formatDuration(0, 26 * 3600_000 + 60_000)).toBe('26 h 1 min');
    expect(formatDuration(null, 1)).toBeNull();
    expect(formatDuration(10, 5)).toBeNull();
  });
});
