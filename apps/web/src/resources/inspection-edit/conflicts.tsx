import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { InspectionVersionedFields, type InspectionVersionedField, type TInspectionEdit, type TPointResult } from '@insp/contracts';
import { forgetSaved, rememberSaved, savedVersion, type Conflict } from '../../edit-conflicts';
import { TEXT_PATH } from './toUpdate';
import { PART_PATH } from './partVersions';

/** Issue 23: where each versioned text or part is in the form: the key of its notice. */
const FIELD_PATH: Record<InspectionVersionedField, string> = { ...TEXT_PATH, ...PART_PATH };
/** The key of a finding's or priority action's notice. */
export const itemNoticeKey = (id: string) => `item:${id}`;
/** Findings and priority actions with their stamps (their ids are unique among results too: uuids). */
const itemsOf = (d: TInspectionEdit) => [...d.findings, ...d.priorityActions];

/** Every result of the inspection, category points and extra points. */
export const resultsOf = (d: TInspectionEdit): TPointResult[] => [...d.categories.flatMap((c) => c.inspectionPoints.map((p) => p.content)), ...d.extraPoints.map((e) => e.content)];

/** Issue 23: the inspection's texts as remembered saves (`insp-saved-versions`): `<inspection id>/<field>` → version. */
const textsOf = (d: TInspectionEdit) =>
  InspectionVersionedFields.flatMap((f) => {
    const stamp = d.textVersions?.[f];
    return stamp ? [{ id: `${d.id}/${f}`, field: f, ...stamp }] : [];
  });
const isVersionedField = (f: string): f is InspectionVersionedField => (InspectionVersionedFields as readonly string[]).includes(f);

/**
 * Issue 23 in the report edit form: the notices beside points, by result id, and beside texts, by their form path
 * (`summary`, `info.contactName`). On open, a result someone else changed
 * after my last save of it (remembered on this device) is 'changed'; after a save, what its answer overwrote is
 * 'replaced'. The form shows the values it read, so nothing unsaved is ever replaced under the user.
 */
export function useFormConflicts(data: TInspectionEdit, me: string | null) {
  const [notices, setNotices] = useState<ReadonlyMap<string, Conflict>>(() => {
    const found = new Map<string, Conflict>();
    for (const r of resultsOf(data)) {
      const mine = r.id ? savedVersion(r.id) : undefined;
      if (!r.id || mine === undefined || (r.version ?? 0) <= mine) continue;
      if (!me || r.updatedBy !== me) found.set(r.id, { kind: 'changed', by: r.updatedBy ?? null, at: r.updatedAt ?? 0 });
    }
    for (const item of itemsOf(data)) {
      const mine = savedVersion(item.id);
      if (mine === undefined || (item.version ?? 0) <= mine) continue;
      if (!me || item.updatedBy !== me) found.set(itemNoticeKey(item.id), { kind: 'changed', by: item.updatedBy ?? null, at: item.updatedAt ?? 0 });
    }
    const seen = [...found.keys()].map((k) => k.replace(/^item:/, ''));
    for (const t of textsOf(data)) {
      const mine = savedVersion(t.id);
      if (mine === undefined || t.version <= mine) continue;
      seen.push(t.id);
      if (!me || t.updatedBy !== me) found.set(FIELD_PATH[t.field], { kind: 'changed', by: t.updatedBy, at: t.updatedAt });
    }
    forgetSaved(seen);
    return found;
  });
  /** A save's answer: remember its versions; name what it overwrote. */
  const saved = useCallback((answer: TInspectionEdit) => {
    rememberSaved([...resultsOf(answer), ...textsOf(answer), ...itemsOf(answer)]);
    const replaced = new Map<string, Conflict>();
    for (const o of answer.overwritten ?? []) {
      const key = o.resultId ?? (o.itemId ? itemNoticeKey(o.itemId) : isVersionedField(o.field) ? FIELD_PATH[o.field] : null);
      if (key) replaced.set(key, { kind: o.kept ? 'notRemoved' : o.removed ? 'removed' : 'replaced', by: o.updatedBy, at: o.updatedAt });
    }
    setNotices(replaced);
    return replaced.size > 0;
  }, []);
  const dismiss = useCallback((id: string) => setNotices((n) => new Map([...n].filter(([k]) => k !== id))), []);
  const value = useMemo(() => ({ notices, dismiss }), [notices, dismiss]);
  return { value, saved };
}

export const FormConflictsContext = createContext<{ notices: ReadonlyMap<string, Conflict>; dismiss(id: string): void }>({ notices: new Map(), dismiss: () => undefined });
export const useFormConflict = (resultId: string | undefined) => {
  const c = useContext(FormConflictsContext);
  return { conflict: (resultId && c.notices.get(resultId)) || null, dismiss: () => resultId && c.dismiss(resultId) };
};
