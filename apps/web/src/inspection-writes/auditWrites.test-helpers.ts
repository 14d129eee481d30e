import { vi } from 'vitest';
import type { AuditWrites } from './types';

/**
 * A fake of every audit write (vi.fn each), answering `over` where given and otherwise failing loudly: a screen
 * test names the writes it expects, so a write nobody expected shows up as an error.
 */
export function fakeAuditWrites(over: Partial<AuditWrites> = {}): { [K in keyof AuditWrites]: ReturnType<typeof vi.fn<AuditWrites[K]>> } {
  const names: (keyof AuditWrites)[] = [
    'setAuditText', 'setAuditInspector', 'setAuditDetails', 'setRunConfigurator', 'addRunExtraPoint', 'addSuggestion', 'editSuggestion', 'deleteSuggestion', 'dismissProposal', 'addRun', 'deleteRun',
    'changeRunEquipment', 'setRunIncluded', 'changeRunProtocol', 'createAuditResult', 'updateAuditResult',
  ];
  const out: Record<string, unknown> = {};
  for (const k of names) out[k] = vi.fn(over[k] ?? (() => Promise.reject(new Error(`unexpected write ${k}`))));
  return out as ReturnType<typeof fakeAuditWrites>;
}
