import { describe, expect, it } from 'vitest';
import { pairConfiguratorRuns, sameEquipment } from './audit-equipment-match.js';

const eq = (v: Partial<{ id: string; serialNumber: string; nickName: string; customerSiteId: string }>) => ({
  id: v.id ?? null, serialNumber: v.serialNumber ?? null, nickName: v.nickName ?? null, customerSiteId: v.customerSiteId ?? null,
});

describe('equipment matching between runs (000 §4)', () => {
  it('compares serial numbers when either run has one, whatever the ids', () => {
    expect(sameEquipment(eq({ id: 'a', serialNumber: 'SN-1' }), eq({ id: 'b', serialNumber: 'SN-1' }))).toBe(true);
    expect(sameEquipment(eq({ id: 'a', serialNumber: 'SN-1' }), eq({ id: 'a', serialNumber: 'SN-2' }))).toBe(false);
    expect(sameEquipment(eq({ id: 'a', serialNumber: 'SN-1' }), eq({ id: 'a' }))).toBe(false);
    expect(sameEquipment(eq({ serialNumber: ' SN-1 ' }), eq({ serialNumber: 'SN-1' }))).toBe(true);
  });
  it('falls back to the id when neither has a serial number', () => {
    expect(sameEquipment(eq({ id: 'a', nickName: 'Big one' }), eq({ id: 'a', nickName: 'Other' }))).toBe(true);
    expect(sameEquipment(eq({ id: 'a', nickName: 'Big one', customerSiteId: 's' }), eq({ id: 'b', nickName: 'Big one', customerSiteId: 's' }))).toBe(false);
    expect(sameEquipment(eq({ id: 'a' }), eq({ nickName: 'Big one' }))).toBe(false);
  });
  it('then to the nickname plus the customer site', () => {
    expect(sameEquipment(eq({ nickName: 'Big one', customerSiteId: 's' }), eq({ nickName: 'Big one', customerSiteId: 's' }))).toBe(true);
    expect(sameEquipment(eq({ nickName: 'Big one', customerSiteId: 's' }), eq({ nickName: 'Big one', customerSiteId: 't' }))).toBe(false);
    expect(sameEquipment(eq({}), eq({}))).toBe(false);
  });
  it('pairs each configurator run with the first unpaired machine run of the same equipment', () => {
    const runs = [
      { id: 'm1', kind: 'Audit_Machine', equipment: eq({ serialNumber: 'SN-1' }) },
      { id: 'm2', kind: 'Audit_Quick', equipment: eq({ serialNumber: 'SN-2' }) },
      { id: 'site', kind: 'Audit_Site', equipment: eq({ serialNumber: 'SN-2' }) },
      { id: 'c2', kind: 'Equipment_Configurator', equipment: eq({ serialNumber: 'SN-2' }) },
      { id: 'c1', kind: 'Equipment_Configurator', equipment: eq({ serialNumber: 'SN-1' }) },
      { id: 'c3', kind: 'Equipment_Configurator', equipment: eq({ serialNumber: 'SN-1' }) },
    ];
    expect([...pairConfiguratorRuns(runs)]).toEqual([['c2', 'm2'], ['c1', 'm1']]);
  });
});
