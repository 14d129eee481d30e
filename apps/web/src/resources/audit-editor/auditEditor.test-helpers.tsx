import { afterEach, beforeEach, expect, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { TAudit, TAuditRun } from '@insp/contracts';
import { fakeAuditWrites } from '../../inspection-writes/auditWrites.test-helpers';
import type { InspectionWrites } from '../../inspection-writes';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { blankResult, measurementPoint, radioPoint, uuid } from '../inspection-edit/edit.fixtures.test-helpers';
import { renderWithWrites } from '../inspection-edit/editForm.test-helpers';
import { AuditEditor } from './AuditEditor';

/** Fixtures and rendering of the audit editor's component tests: an open audit with one primary crusher run. */
export const AUDIT_ID = uuid(900);
export const run = (over: Partial<TAuditRun> = {}): TAuditRun => ({
  id: uuid(901), protocolType: 'Audit_Machine', protocolRunType: 'Audit_Machine:stage_1', stage: 'stage_1', runIndex: 1,
  inspectionProtocolId: uuid(902), inspectionProtocolName: 'Jaw crusher audit',
  equipment: { id: uuid(903), productFamilyId: uuid(904), productModelId: uuid(905), serialNumber: 'SN-77', nickName: null, customerSiteId: null, productFamilyName: 'Jaw', productModelName: 'C120' },
  includedInReport: true, configuratorRunId: null, machineRunId: null,
  categories: [{ id: uuid(906), title: 'Crusher', index: 0, inspectionPoints: [radioPoint(), measurementPoint({ content: blankResult({ id: uuid(907), value: '20' }) })] }],
  extraPoints: [], equipmentConfigurator: null, ...over,
});
export const audit = (over: Partial<TAudit> = {}): TAudit => ({
  id: AUDIT_ID, name: 'Audit Quarry 2026', customer: { id: uuid(910), name: 'Quarry Oy' }, customerSite: { id: uuid(911), name: 'North pit' },
  inspectionDate: Date.UTC(2026, 10, 3, 9), inspector: 'Ann Auditor', inspectorContact: 'ann@company.example', contactName: 'Pete Plant',
  contactPhoneNumber: '+358 40 1', contactEmail: 'pete@quarry.example', finished: false, comment: '', internalComment: '', summary: 'Old summary',
  suggestions: [{ id: uuid(920), type: 'LongTerm', text: 'Plan a second screen' }],
  proposals: [{ resultId: uuid(921), runId: uuid(901), rating: 'Repair', type: 'ShortTerm', text: 'SN-77 · Jaw dies wear: worn' }],
  inspectionProtocolRuns: [run()], ...over,
});

/** The fake writes of the latest open() (a live binding: read it after opening). */
export let writes: InspectionWrites & ReturnType<typeof fakeAuditWrites>;
const FAMILIES = [
  { id: uuid(930), name: 'Jaw', productCategoryName: 'Crushers', productModels: [{ id: uuid(931), name: 'C120' }] },
  { id: uuid(932), name: 'Deck', productCategoryName: 'Screens', productModels: [{ id: uuid(933), name: 'SC1' }] },
];
const MACHINES = [
  { id: uuid(903), serialNumber: 'SN-77', nickName: null, productFamilyId: uuid(930), productFamilyName: 'Jaw', productModelId: uuid(931), productModelName: 'C120' },
  { id: uuid(934), serialNumber: 'SC-5', nickName: 'Top deck', productFamilyId: uuid(932), productFamilyName: 'Deck', productModelId: uuid(933), productModelName: 'SC1' },
];
const SITES = [{ id: uuid(911), name: 'North pit' }, { id: uuid(912), name: 'South pit' }];
const FITS = [{ id: uuid(902), name: 'Jaw crusher audit', type: 'Audit_Machine', fit: 'Family' }, { id: uuid(940), name: 'Machine audit, short', type: 'Audit_Machine', fit: 'Any' }];
/** The fake API of the latest open() (a live binding): its calls. */
export let api: ReturnType<typeof fakeApi>;
/** `handlers` answer more reads, or others than these (audits.previousValues answers none unless given). */
export function open(data: TAudit, handlers: Parameters<typeof fakeApi>[0] = {}) {
  api = fakeApi({
    'audits.get': () => ({ data }), 'productFamilies.all': () => ({ data: FAMILIES }), 'inspectionStart.equipment': () => ({ data: MACHINES }),
    'protocolFit.sortedByFit': () => ({ data: FITS }),
    'inspectionStart.sites': () => ({ data: SITES }),
    'audits.extraPointChoices': () => ({ data: [{ inspectionPointId: uuid(980), name: 'Stockpile height', type: 'Measurement' }] }),
    'audits.previousValues': () => ({ data: { runs: [] } }),
    ...handlers,
  });
  vi.stubGlobal('fetch', api.fetch);
  const w = {
    uploadPhoto: vi.fn(async () => ({ id: uuid(999) })), uploadVoiceComment: vi.fn(async () => ({ id: uuid(998) })), saveResults: vi.fn(), saveInspection: vi.fn(), finish: vi.fn(), createInspection: vi.fn(), discardInspection: vi.fn(),
    ...fakeAuditWrites({
      setAuditText: async () => ({}),
      createAuditResult: async () => ({ ...blankResult(), id: uuid(950) }),
      updateAuditResult: async () => ({ ...blankResult(), id: uuid(907) }),
      addSuggestion: async (_a, d) => ({ id: uuid(951), type: d.type, text: d.text }),
    }),
  };
  writes = w as unknown as typeof writes;
  return renderWithWrites(`/Audits/${AUDIT_ID}`, '/Audits/:id', <AuditEditor />, writes);
}
export async function pick(scope: HTMLElement, label: string, option: string) {
  const select = () => within(scope).getByRole('combobox', { name: new RegExp(`^${label}`) });
  await vi.waitFor(() => expect(select().getAttribute('aria-disabled')).toBeNull());
  fireEvent.mouseDown(select());
  fireEvent.click(await screen.findByRole('option', { name: option }));
}
export const button = (scope: HTMLElement, name: string) => within(scope).getByRole('button', { name }) as HTMLButtonElement;
export const marker = (name: string) => screen.getByText(name, { selector: 'label' }).querySelector('[data-testid="save-marker"]');

/** Registers the hooks every audit editor test file needs. */
export function auditEditorHooks() {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    queryClient.clear();
    vi.unstubAllGlobals();
  });
}
