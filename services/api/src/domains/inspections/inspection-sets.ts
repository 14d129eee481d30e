import { sql } from 'kysely';
import type { Db } from '@insp/db';
import type { Actor, TInspectionUpdate, TOverwritten } from '@insp/contracts';
import { usableImageIds, writePhotos } from './inspection-edit.files.js';
import { badField } from './inspection-edit.save.js';

/** A stored item of a set (a finding, a priority action) with its version stamp. */
export interface StoredItem {
  id: string;
  index: number;
  version: number;
  by: string | null;
  byName: string | null;
  at: number;
}

/** What a save does to one place of the set, in the order the set is then stored (the answer's order). */
export type SetStep<I> =
  | { kind: 'create'; item: I; sentAt: number }
  | { kind: 'write'; id: string; item: I; sentAt: number }
  | { kind: 'keep'; id: string };

/**
 * Issue 23, findings and priority actions edited by two people. Without `base` (older clients) the sent list is the
 * set: with id written, without created, missing deleted; an unknown id is a 400. With `base` (the items the client
 * changed or deleted, `{id: version as read}`) only what the client named is touched: a named item is written (or,
 * not sent, deleted); an item it does not name stays as stored, whether sent back unchanged or not sent at all
 * (someone else added it). A named item someone else changed after the base: changed here, the later save wins;
 * deleted here, it is kept. Both are listed in `overwritten` (`kept: true` for the second). A named item someone
 * else deleted meanwhile is created again (this save's change is kept); an unnamed one stays deleted.
 * docs/decisions.md, "Field writes: idempotency and conflicts (issue 23)".
 */
export function planSet<I extends { id?: string | null }>(
  path: 'findings' | 'priorityActions',
  what: string,
  stored: readonly StoredItem[],
  sent: readonly I[],
  base: Readonly<Record<string, number>> | undefined,
  userId: string,
  changed: (id: string, item: I) => boolean,
) {
  const byId = new Map(stored.map((s) => [s.id, s]));
  const steps: SetStep<I>[] = [];
  const overwritten: TOverwritten[] = [];
  const sentIds = new Set<string>();
  const newerByOther = (s: StoredItem) => base !== undefined && base[s.id] !== undefined && s.version > base[s.id]! && s.by !== userId;
  const report = (s: StoredItem, kept: boolean) =>
    overwritten.push({ field: `${path}.${steps.length - 1}`, resultId: null, itemId: s.id, version: s.version, updatedAt: s.at, updatedBy: s.byName, ...(kept ? { kept: true } : {}) });
  sent.forEach((item, i) => {
    if (!item.id) return void steps.push({ kind: 'create', item, sentAt: i });
    const s = byId.get(item.id);
    if (base && s && sentIds.has(s.id)) throw badField(`${path}.${i}.id`, `names the same ${what} twice`);
    if (s) sentIds.add(s.id);
    if (!base) {
      if (!s) throw badField(`${path}.${i}.id`, `is not a ${what} of this inspection`);
      return void steps.push({ kind: 'write', id: s.id, item, sentAt: i });
    }
    const named = base[item.id] !== undefined;
    if (!s) {
      if (named) steps.push({ kind: 'create', item: { ...item, id: null }, sentAt: i });
      return;
    }
    if (!named || !changed(s.id, item)) return void steps.push({ kind: 'keep', id: s.id });
    steps.push({ kind: 'write', id: s.id, item, sentAt: i });
    if (newerByOther(s)) report(s, false);
  });
  const remove: string[] = [];
  for (const s of stored) {
    if (sentIds.has(s.id)) continue;
    if (base && (base[s.id] === undefined || newerByOther(s))) {
      steps.push({ kind: 'keep', id: s.id });
      if (base[s.id] !== undefined) report(s, true);
    } else remove.push(s.id);
  }
  return { steps, remove, overwritten };
}

/** A stored row's version stamp (the row read with its writer's name). */
const stampOf = (r: { id: string; index: number; version: number; updated_by_user_id: string | null; byName: string | null; version_at: Date }): StoredItem =>
  ({ id: r.id, index: r.index, version: r.version, by: r.updated_by_user_id, byName: r.byName, at: new Date(r.version_at).getTime() });

type Finding = TInspectionUpdate['findings'][number];
type PriorityAction = TInspectionUpdate['priorityActions'][number];
const FINDING_TEXTS = ['title', 'description', 'consequence', 'corrective', 'preventive'] as const;

/** Findings (000 §3 Finding) and their photos as a set, by `planSet`; a written finding's version is raised when it changed. */
export async function saveFindings(db: Db, actor: Actor, inspectionId: string, findings: Finding[], base: Record<string, number> | undefined) {
  const list = await db.selectFrom('inspection_findings as t').leftJoin('users as u', 'u.id', 't.updated_by_user_id').selectAll('t').select('u.name as byName')
    .where('t.inspection_id', '=', inspectionId).orderBy('t.index').orderBy('t.id').execute();
  const stored = list.map(stampOf);
  const rows = new Map(list.map((r) => [r.id, r]));
  const photos = await db.selectFrom('inspection_finding_photos as p').innerJoin('inspection_findings as f', 'f.id', 'p.finding_id')
    .select(['p.id', 'p.finding_id', 'p.image_id', 'p.caption', 'p.layout']).where('f.inspection_id', '=', inspectionId).orderBy('p.position').orderBy('p.id').execute();
  const photoOwner = new Map(photos.map((p) => [p.id, p.finding_id]));
  const changed = (id: string, f: Finding) => {
    const r = rows.get(id)!;
    const own = photos.filter((p) => p.finding_id === id);
    return FINDING_TEXTS.some((k) => r[k] !== f[k]) || r.show !== f.show || own.length !== f.photos.length
      || f.photos.some((p, i) => p.id !== own[i]!.id || p.imageId !== own[i]!.image_id || p.caption !== own[i]!.caption || p.layout !== own[i]!.layout);
  };
  const plan = planSet('findings', 'finding', stored, findings, base, actor.userId, changed);
  const usable = await usableImageIds(db, actor, plan.steps.flatMap((s) => (s.kind === 'keep' ? [] : s.item.photos.map((p) => p.imageId))));
  if (plan.remove.length) await db.deleteFrom('inspection_findings').where('id', 'in', plan.remove).execute();
  const storedIndex = new Map(stored.map((s) => [s.id, s.index]));
  for (const [index, step] of plan.steps.entries()) {
    if (step.kind === 'keep') {
      if (storedIndex.get(step.id) !== index) await db.updateTable('inspection_findings').set({ index }).where('id', '=', step.id).execute();
      continue;
    }
    const f = step.item;
    const values = { index, title: f.title, description: f.description, consequence: f.consequence, corrective: f.corrective, preventive: f.preventive, show: f.show };
    const bump = step.kind === 'create' || changed(step.id, f);
    if (!bump && storedIndex.get(step.id) === index) continue; // sent back as stored: nothing to write
    const stamp = bump ? { updated_by_user_id: actor.userId, version_at: new Date() } : {};
    const id = step.kind === 'write'
      ? (await db.updateTable('inspection_findings').set({ ...values, ...stamp, ...(bump ? { version: sql<number>`version + 1` } : {}) }).where('id', '=', step.id).returning('id').executeTakeFirstOrThrow()).id
      : (await db.insertInto('inspection_findings').values({ ...values, ...stamp, inspection_id: inspectionId }).returning('id').executeTakeFirstOrThrow()).id;
    // A finding created again (someone deleted it meanwhile) takes its photos as new ones.
    const sentPhotos = step.kind === 'create' ? f.photos.map((p) => ({ ...p, id: undefined })) : f.photos;
    await writePhotos(db, { table: 'inspection_finding_photos', owner: 'finding_id' }, id, sentPhotos, { existing: photoOwner, usable, path: `findings.${step.sentAt}`, bad: badField });
  }
  return plan.overwritten;
}

/** Priority actions as a set, by `planSet`; a written action's version is raised when it changed. */
export async function savePriorityActions(db: Db, actor: Actor, inspectionId: string, actions: PriorityAction[], base: Record<string, number> | undefined) {
  const list = await db.selectFrom('inspection_priority_actions as t').leftJoin('users as u', 'u.id', 't.updated_by_user_id').selectAll('t').select('u.name as byName')
    .where('t.inspection_id', '=', inspectionId).orderBy('t.index').orderBy('t.id').execute();
  const stored = list.map(stampOf);
  const rows = new Map(list.map((r) => [r.id, r]));
  const changed = (id: string, a: PriorityAction) => {
    const r = rows.get(id)!;
    return r.title !== a.title || r.description !== a.description || r.priority !== a.priority;
  };
  const plan = planSet('priorityActions', 'priority action', stored, actions, base, actor.userId, changed);
  if (plan.remove.length) await db.deleteFrom('inspection_priority_actions').where('id', 'in', plan.remove).execute();
  const storedIndex = new Map(stored.map((s) => [s.id, s.index]));
  for (const [index, step] of plan.steps.entries()) {
    if (step.kind === 'keep') {
      if (storedIndex.get(step.id) !== index) await db.updateTable('inspection_priority_actions').set({ index }).where('id', '=', step.id).execute();
      continue;
    }
    const a = step.item;
    const values = { index, title: a.title, description: a.description, priority: a.priority };
    const bump = step.kind === 'create' || changed(step.id, a);
    if (!bump && storedIndex.get(step.id) === index) continue;
    const stamp = bump ? { updated_by_user_id: actor.userId, version_at: new Date() } : {};
    if (step.kind === 'write') {
      await db.updateTable('inspection_priority_actions').set({ ...values, ...stamp, ...(bump ? { version: sql<number>`version + 1` } : {}) }).where('id', '=', step.id).execute();
    } else await db.insertInto('inspection_priority_actions').values({ ...values, ...stamp, inspection_id: inspectionId }).execute();
  }
  return plan.overwritten;
}
