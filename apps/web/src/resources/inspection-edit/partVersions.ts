import type { InspectionPartField, TInspectionEdit, TInspectionPartVersions } from '@insp/contracts';
import type { EditValues } from './formValues';

/** Issue 23: where each versioned part of the inspection other than texts (`InspectionPartFields`) is in the form. */
export const PART_PATH = {
  inspectionDate: 'info.inspectionDate', started: 'info.started', ended: 'info.ended',
  customerSignature: 'customerSignature', providerSignature: 'providerSignature', equipmentConfigurator: 'configurator',
} as const satisfies Record<InspectionPartField, string>;

const at = (v: EditValues, field: InspectionPartField): unknown =>
  field === 'inspectionDate' || field === 'started' || field === 'ended' ? v.info[field] : v[PART_PATH[field] as 'configurator' | 'customerSignature'];
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const withoutKey = <T extends { key: string }>({ key: _key, ...rest }: T) => rest;

/** `{id: version as read}` of the items changed or removed since the form opened (an item added here has no id). */
function itemBases<T extends { key: string; id?: string }>(now: T[], start: T[], read: { id: string; version?: number | undefined }[]) {
  const out: Record<string, number> = {};
  const nowById = new Map(now.flatMap((x) => (x.id ? [[x.id, x] as const] : [])));
  for (const s of start) {
    if (!s.id) continue;
    const n = nowById.get(s.id);
    if (!n || !same(withoutKey(n), withoutKey(s))) out[s.id] = read.find((r) => r.id === s.id)?.version ?? 0;
  }
  return out;
}

/**
 * Issue 23: the bases of the dates, signatures, configurator, findings and priority actions changed since the form
 * opened, so the server keeps what this form did not touch (an item someone else added, a signature someone else
 * drew) and reports what it replaced. `sent` tells the signatures as the save sends them (a reused one refused counts
 * as changed). Undefined without the start values (the sets are then replaced as before).
 */
export function partVersions(v: EditValues, loaded: TInspectionEdit, initial: EditValues | undefined, sent: { customerSignature: string | null; providerSignature: string | null }): TInspectionPartVersions | undefined {
  if (!initial) return undefined;
  const out: TInspectionPartVersions = {
    findings: itemBases(v.findings, initial.findings, loaded.findings),
    priorityActions: itemBases(v.priorityActions, initial.priorityActions, loaded.priorityActions),
  };
  for (const field of Object.keys(PART_PATH) as InspectionPartField[]) {
    const changed = field === 'customerSignature' || field === 'providerSignature' ? sent[field] !== loaded[field] : !same(at(v, field), at(initial, field));
    if (changed) out[field] = loaded.textVersions?.[field]?.version ?? 0;
  }
  return out;
}
