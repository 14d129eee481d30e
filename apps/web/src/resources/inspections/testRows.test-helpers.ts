import type { TInspectionListItem } from '@insp/contracts';

/** A list row as inspections.list answers it. */
export const inspectionRow = (n: number, over: Partial<TInspectionListItem> = {}): TInspectionListItem => {
  const name = over.name ?? `Report ${n}`;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name,
    displayName: name,
    serialNumber: `SN-${n}`,
    nickName: null,
    inspectionDate: Date.UTC(2026, 2, n),
    type: 'Mid_Year',
    status: 'Finished',
    inspector: 'Ilkka Inspector',
    inspectorContact: 'inspector@company.example',
    rating: null,
    finished: over.status ? over.status === 'Finished' : true,
    customerName: 'Kallio Oy',
    ...over,
  };
};
