import { describe, expect, it } from 'vitest';
import { canAddRun, canChangeEquipment, canChangeProtocol } from './rules';

const full = { stage: 'stage_1', productFamilyId: 'f', productModelId: 'm', serialNumber: 'SN-1', nickName: '', protocolId: 'p' };

describe('run dialog rules (000 §5)', () => {
  it('enables ADD only with a stage, family, model, serial number or nickname, and protocol', () => {
    expect(canAddRun(full)).toBe(true);
    expect(canAddRun({ ...full, serialNumber: '', nickName: 'Big one' })).toBe(true);
    expect(canAddRun({ ...full, stage: null })).toBe(false);
    expect(canAddRun({ ...full, productFamilyId: null })).toBe(false);
    expect(canAddRun({ ...full, productModelId: null })).toBe(false);
    expect(canAddRun({ ...full, serialNumber: '  ', nickName: '' })).toBe(false);
    expect(canAddRun({ ...full, protocolId: null })).toBe(false);
  });

  it("counts the clone source's protocol when cloning", () => {
    expect(canAddRun({ ...full, protocolId: null, cloneProtocolId: 'p-source' })).toBe(true);
    expect(canAddRun({ ...full, protocolId: null, cloneProtocolId: null })).toBe(false);
  });

  it('enables CHANGE equipment only with a family, a model, and a serial number or a nickname', () => {
    expect(canChangeEquipment(full)).toBe(true);
    expect(canChangeEquipment({ ...full, serialNumber: '', nickName: 'N' })).toBe(true);
    expect(canChangeEquipment({ ...full, serialNumber: '', nickName: '' })).toBe(false);
    expect(canChangeEquipment({ ...full, productModelId: null })).toBe(false);
  });

  it('enables CHANGE protocol only for a chosen protocol other than the current one', () => {
    expect(canChangeProtocol('b', 'a')).toBe(true);
    expect(canChangeProtocol('a', 'a')).toBe(false);
    expect(canChangeProtocol(null, 'a')).toBe(false);
  });
});
