import { describe, expect, it } from 'vitest';
import { bulkResult, formatDueOn, stateWords } from './texts';
import { parseStartPrefill, startInspectionPath } from './startLink';
import { CUSTOMER, MACHINE, planRow, PROTOCOL, SITE } from './planRows.test-helpers';

describe('plan texts', () => {
  it('says where a plan stands in words', () => {
    expect(stateWords({ state: 'overdue', daysPastDue: 3 })).toBe('Overdue by 3 days');
    expect(stateWords({ state: 'overdue', daysPastDue: 1 })).toBe('Overdue by 1 day');
    expect(stateWords({ state: 'due', daysPastDue: 0 })).toBe('Due today');
    expect(stateWords({ state: 'due', daysPastDue: 2 })).toBe('Due 2 days ago, within grace');
    expect(stateWords({ state: 'upcoming', daysPastDue: -5 })).toBe('Due in 5 days');
    expect(stateWords({ state: 'in_progress', daysPastDue: 4 })).toBe('In progress');
  });

  it('tells what a bulk plan made and kept, and shows a due day as day.month.year', () => {
    expect(bulkResult({ created: 12, skipped: 3 })).toBe('Created 12 plans; 3 machines already had one.');
    expect(bulkResult({ created: 1, skipped: 1 })).toBe('Created 1 plan; 1 machine already had one.');
    expect(bulkResult({ created: 4, skipped: 0 })).toBe('Created 4 plans.');
    expect(formatDueOn('2026-02-03')).toBe('03.02.2026');
  });
});

describe("a plan's 'Start inspection' address", () => {
  it('names customer, site, machine, type and protocol, and reads back the same', () => {
    const path = startInspectionPath(planRow(1, { protocolId: PROTOCOL, inspectionType: 'Mid_Year' }));
    expect(path).toBe(`/Reports/new?customerId=${CUSTOMER}&siteId=${SITE}&equipmentId=${MACHINE}&type=Mid_Year&protocolId=${PROTOCOL}`);
    expect(parseStartPrefill(new URLSearchParams(path.split('?')[1]))).toEqual({ customerId: CUSTOMER, siteId: SITE, equipmentId: MACHINE, type: 'Mid_Year', protocolId: PROTOCOL });
  });

  it('drops each malformed value on its own, and asks nothing without a customer', () => {
    expect(parseStartPrefill(new URLSearchParams(`customerId=${CUSTOMER}&siteId=x&equipmentId=${MACHINE}&type=Hourly`))).toEqual({
      customerId: CUSTOMER, siteId: null, equipmentId: MACHINE, type: null, protocolId: null,
    });
    expect(parseStartPrefill(new URLSearchParams(`equipmentId=${MACHINE}`))).toBeNull();
    expect(parseStartPrefill(new URLSearchParams(''))).toBeNull();
  });
});
