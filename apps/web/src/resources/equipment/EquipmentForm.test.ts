import { describe, expect, it } from 'vitest';
import { validateEquipment } from './EquipmentForm';

describe('equipment form validation (the API schema)', () => {
  it('asks for a serial number or a nickname, on the serial number field', () => {
    expect(validateEquipment({ serialNumber: '  ', nickName: '', mdmEquipmentId: 'MDM-1' })).toEqual({ serialNumber: 'a serial number or a nickname is required' });
  });

  it('accepts a nickname alone and ignores the read-only fields of the record', () => {
    expect(validateEquipment({ nickName: 'Old rig', id: 'x', serial: null, productFamilyName: 'Jaw JC' })).toEqual({});
  });
});
