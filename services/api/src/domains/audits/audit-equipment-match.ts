/** What a run knows of its machine, for matching (000 §3 Equipment on a run). */
export interface MatchableEquipment {
  id: string | null;
  serialNumber: string | null;
  nickName: string | null;
  customerSiteId: string | null;
}

const text = (v: string | null) => (v ?? '').trim();

/**
 * Equipment matching between runs (000 §4, for the configurator type): by serial number if either has one, else
 * by id, else by nickname plus customerSiteId. Two runs without any of these never match.
 */
export function sameEquipment(a: MatchableEquipment, b: MatchableEquipment): boolean {
  const sa = text(a.serialNumber);
  const sb = text(b.serialNumber);
  if (sa || sb) return sa === sb;
  if (a.id || b.id) return a.id === b.id;
  const na = text(a.nickName);
  return na !== '' && na === text(b.nickName) && a.customerSiteId === b.customerSiteId;
}

export const MACHINE_RUN_KINDS = ['Audit_Machine', 'Audit_Quick', 'Audit_Screen'] as const;
export const CONFIGURATOR_KIND = 'Equipment_Configurator';

/**
 * Pairs each Equipment_Configurator run with the machine run (Audit_Machine, Audit_Quick, Audit_Screen) of the same
 * equipment, in run order; each machine run takes at most one configurator run. Answers configurator id → machine id.
 */
export function pairConfiguratorRuns<R extends { id: string; kind: string; equipment: MatchableEquipment }>(runs: R[]): Map<string, string> {
  const pairs = new Map<string, string>();
  const taken = new Set<string>();
  for (const conf of runs.filter((r) => r.kind === CONFIGURATOR_KIND)) {
    const machine = runs.find((r) => (MACHINE_RUN_KINDS as readonly string[]).includes(r.kind) && !taken.has(r.id) && sameEquipment(r.equipment, conf.equipment));
    if (machine) {
      pairs.set(conf.id, machine.id);
      taken.add(machine.id);
    }
  }
  return pairs;
}
