/** The enablement rules of the run dialogs (spec 000 §5). */

export interface EquipmentChoice {
  productFamilyId: string | null;
  productModelId: string | null;
  serialNumber: string;
  nickName: string;
}
const has = (s: string) => s.trim() !== '';
const equipmentGiven = (e: EquipmentChoice) => !!e.productFamilyId && !!e.productModelId && (has(e.serialNumber) || has(e.nickName));

/**
 * 000 §5 Add run: ADD only with a stage, a family and a model, a serial number or a nickname, and a protocol —
 * when cloning, the clone source's protocol counts.
 */
export function canAddRun(f: EquipmentChoice & { stage: string | null; protocolId: string | null; cloneProtocolId?: string | null }): boolean {
  return !!f.stage && equipmentGiven(f) && !!(f.cloneProtocolId ?? f.protocolId);
}

/** 000 §5 Change equipment: CHANGE only with a family, a model, and a serial number or a nickname. */
export const canChangeEquipment = (e: EquipmentChoice) => equipmentGiven(e);

/** 000 §5 Change protocol: CHANGE only for a chosen protocol that differs from the current one. */
export const canChangeProtocol = (chosen: string | null, current: string | null) => !!chosen && chosen !== current;
