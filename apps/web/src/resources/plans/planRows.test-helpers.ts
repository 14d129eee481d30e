import type { TPlan } from '@insp/contracts';

export const pid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const [CUSTOMER, SITE, MACHINE, PROTOCOL, INSPECTOR, FAMILY, MODEL] = [101, 102, 103, 104, 105, 106, 107].map(pid);

/** A plan row as plans.due answers it. */
export function planRow(n: number, over: Partial<TPlan> = {}): TPlan {
  return {
    id: pid(n), equipmentId: MACHINE, serialNumber: `SN-${n}`, nickName: null, productFamilyName: 'Jaw JC', productModelName: 'JC100',
    customerId: CUSTOMER, customerName: 'Quarry Ltd', customerSiteId: SITE, customerSiteName: 'North pit',
    inspectionType: 'Weekly', protocolId: null, protocolName: null, graceDays: 0, inspectorUserId: INSPECTOR, inspectorName: 'Ivan Inspector',
    remindCustomer: false, startsOn: '2026-11-01', lastDoneInspectionId: null, lastDoneAt: null, inProgressInspectionId: null,
    dueOn: '2026-11-23', daysPastDue: 3, state: 'overdue', timeZone: 'Europe/Helsinki', ...over,
  };
}
