import { sql } from 'kysely';
import type { Db } from '@insp/db';
import type { Actor, TInspectionUpdate, TOverwritten } from '@insp/contracts';
import { usableImageIds, writePhotos } from './inspection-edit.files.js';
import { badField } from './inspection-edit.save.js';

/** A stored item of a set (a finding, a priority action) with its version stamp; `deleted` when it is a tombstone. */
export interface StoredItem {
  id: string;
  index: number;
  version: number;
  by: string | null;
  byName: string | null;
  at: number;
  deleted: { by: string | null; byName: string | null; at: number } | null;
}

/** What a save does to one place of the set, in the order the set is then stored (the answer's order). */
export type SetStep<I> =
  | { kind: 'create'; item: I; sentAt: number }
  | { kind: 'write'; id: string; item: I; sentAt: number; revive?: true }
  | { kind: 'keep'; id: string };

/**
 * Issue 23, findings and priority actions edited by two people. Without `base` (older clients) the sent list is the
 * set: with id written, without created, missing deleted; an unknown id (a deleted one included) is a 400. With
 * `base` (the items the client changed or deleted, `{id: version as read}`) only what the client named is touched:
 * a named item is written (or, not sent, deleted); an item it does not name stays as stored, whether sent back
 * unchanged or not sent at all (someone else added it). A named item someone else changed after the base: changed
 * here, the later save wins; deleted here, it is kept. Both are listed in `overwritten` (`kept: true` for the
 * second). A named item someone else deleted meanwhile (a tombstone) comes back with this save's change, the later
 * save winning, and is listed with `removed: true`; an unnamed one stays deleted. A delete leaves a tombstone.
 * docs/decisions.md, "Field writes: idempotency and conflicts (issue 23)" and "Deleted findings and priority actions
 * leave a tombstone".
 */
export function planSet<I extends { id?: string | null }>(
  path: 'findings' | 'priorityActions',
  what: string,
  all: readonly StoredItem[],
  sent: readonly I[],
  base: Readonly<Record<string, number>> | undefined,
  userId: string,
  changed: (id: string, item: I) => boolean,
) {
  const stored = all.filter((s) => !s.deleted);
  const byId = new Map(stored.map((s) => [s.id, s]));
  const tombstones = new Map(all.filter((s) => s.deleted).map((s) => [s.id, s]));
  const steps: SetStep<I>[] = [];
  const overwritten: TOverwritten[] = [];
  const sentIds = new Set<string>();
  const newerByOther = (s: StoredItem) => base !== undefined && base[s.id] !== undefined && s.version > base[s.id]! && (s.deleted ? s.deleted.by : s.by) !== userId;
  const report = (s: StoredItem, flag: { kept?: true; removed?: true } = {}) => {
    const [at, byName] = s.deleted ? [s.deleted.at, s.deleted.byName] : [s.at, s.byName];
    overwritten.push({ field: `${path}.${steps.length - 1}`, resultId: null, itemId: s.id, version: s.version, updatedAt: at, updatedBy: byName, ...flag });
  };
  sent.forEach((item, i) => {
    if (!item.id) return void steps.push({ kind: 'create', item, sentAt: i });
    const s = byId.get(item.id);
    const gone = s ? undefined : tombstones.get(item.id);
    if (base && (s || gone) && sentIds.has(item.id)) throw badField(`${path}.${i}.id`, `names the same ${what} twice`);
    if (s || gone) sentIds.add(item.id);
    if (!base) {
      if (!s) throw badField(`${path}.${i}.id`, `is not a ${what} of this inspection`);
      return void steps.push({ kind: 'write', id: s.id, item, sentAt: i });
    }
    const named = base[item.id] !== undefined;
    if (!s) {
      if (!named) return; // deleted meanwhile and not changed here: stays deleted
      // no tombstone (deleted before tombstones were kept): created again with this save's change
      if (!gone) return void steps.push({ kind: 'create', item: { ...item, id: null }, sentAt: i });
      steps.push({ kind: 'write', id: gone.id, item, sentAt: i, revive: true });
      if (newerByOther(gone)) report(gone, { removed: true });
      return;
    }
    if (!named || !changed(s.id, item)) return void steps.push({ kind: 'keep', id: s.id });
    steps.push({ kind: 'write', id: s.id, item, sentAt: i });
    if (newerByOther(s)) report(s);
  });
  const remove: string[] = [];
  for (const s of stored) {
    if (sentIds.has(s.id)) continue;
    if (base && (base[s.id] === undefined || newerByOther(s))) {
      steps.push({ kind: 'keep', id: s.id });
      if (base[s.id] !== undefined) report(s, { kept: true });
    } else remove.push(s.id);
  }
  return { steps, remove, overwritten };
}

type SetTable = 'inspection_findings' | 'inspection_priority_actions';

/** A stored row's version stamp (the row read with its writer's and deleter's names). */
const stampOf = (r: { id: string; index: number; version: number; updated_by_user_id: string | null; byName: string | null; version_at: Date; deleted_at: Date | null; deleted_by_user_id: string | null; deletedByName: string | null }): StoredItem => ({
  id: r.id, index: r.index, version: r.version, by: r.updated_by_user_id, byName: r.byName, at: new Date(r.version_at).getTime(),
  deleted: r.deleted_at ? { by: r.deleted_by_user_id, byName: r.deletedByName, at: new Date(r.deleted_at).getTime() } : null,
});

/** Deletes leave a tombstone (issue 23): who and when, and the version raised, so a later save from an older read learns of it. */
async function tombstone(db: Db, table: SetTable, ids: string[], actor: Actor) {
  if (!ids.length) return;
  await db.updateTable(table as 'inspection_findings').set({ deleted_at: new Date(), deleted_by_user_id: actor.userId, version: sql<number>`version + 1` }).where('id', 'in', ids).execute();
}
/** A revived tombstone is a live row again. */
const revived = { deleted_at: null, deleted_by_user_id: null };

type Finding = TInspectionUpdate['findings'][number];
type PriorityAction = TInspectionUpdate['priorityActions'][number];
const FINDING_TEXTS = ['title', 'description', 'consequence', 'corrective', 'preventive'] as const;

/** Findings (000 §3 Finding) and their photos as a set, by `planSet`; a written finding's version is raised when it changed. */
export async function saveFindings(db: Db, actor: Actor, inspectionId: string, findings: Finding[], base: Record<string, number> | undefined) {
  // tombstones included, with the names of the last writer and of the deleter
  const list = await db.selectFrom('inspection_findings as t').leftJoin('users as u', 'u.id', 't.updated_by_user_id').leftJoin('users as d', 'd.id', 't.deleted_by_user_id')
    .selectAll('t').select(['u.name as byName', 'd.name as deletedByName']).where('t.inspection_id', '=', inspectionId).orderBy('t.index').orderBy('t.id').execute();
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
  await tombstone(db, 'inspection_findings', plan.remove, actor);
  const storedIndex = new Map(stored.map((s) => [s.id, s.index]));
  for (const [index, step] of plan.steps.entries()) {
    if (step.kind === 'keep') {
      if (storedIndex.get(step.id) !== index) await db.updateTable('inspection_findings').set({ index }).where('id', '=', step.id).execute();
      continue;
    }
    const f = step.item;
    const values = { index, title: f.title, description: f.description, consequence: f.consequence, corrective: f.corrective, preventive: f.preventive, show: f.show };
    const bump = step.kind === 'create' || !!step.revive || changed(step.id, f);
    if (!bump && storedIndex.get(step.id) === index) continue; // sent back as stored: nothing to write
    const stamp = { ...(bump ? { updated_by_user_id: actor.userId, version_at: new Date() } : {}), ...(step.kind === 'write' && step.revive ? revived : {}) };
    const id = step.kind === 'write'
      ? (await db.updateTable('inspection_findings').set({ ...values, ...stamp, ...(bump ? { version: sql<number>`version + 1` } : {}) }).where('id', '=', step.id).returning('id').executeTakeFirstOrThrow()).id
      : (await db.insertInto('inspection_findings').values({ ...values, ...stamp, inspection_id: inspectionId }).returning('id').executeTakeFirstOrThrow()).id;
    // A finding created again (deleted meanwhile, no tombstone) takes its photos as new ones; a revived one keeps its own.
    const sentPhotos = step.kind === 'create' ? f.photos.map((p) => ({ ...p, id: undefined })) : f.photos;
    await writePhotos(db, { table: 'inspection_finding_photos', owner: 'finding_id' }, id, sentPhotos, { existing: photoOwner, usable, path: `findings.${step.sentAt}`, bad: badField });
  }
  return plan.overwritten;
}

/** Priority actions as a set, by `planSet`; a written action's version is raised when it changed. */
export async function savePriorityActions(db: Db, actor: Actor, inspectionId: string, actions: PriorityAction[], base: Record<string, number> | undefined) {
  // tombstones included, with the names of the last writer and of the deleter
  const list = await db.selectFrom('inspection_priority_actions as t').leftJoin('users as u', 'u.id', 't.updated_by_user_id').leftJoin('users as d', 'd.id', 't.deleted_by_user_id')
    .selectAll('t').select(['u.name as byName', 'd.name as deletedByName']).where('t.inspection_id', '=', inspectionId).orderBy('t.index').orderBy('t.id').execute();
  const stored = list.map(stampOf);
  const rows = new Map(list.map((r) => [r.id, r]));
  const changed = (id: string, a: PriorityAction) => {
    const r = rows.get(id)!;
    return r.title !== a.title || r.description !== a.description || r.priority !== a.priority;
  };
  const plan = planSet('priorityActions', 'priority action', stored, actions, base, actor.userId, changed);
  await tombstone(db, 'inspection_priority_actions', plan.remove, actor);
  const storedIndex = new Map(stored.map((s) => [s.id, s.index]));
  for (const [index, step] of plan.steps.entries()) {
    if (step.kind === 'keep') {
      if (storedIndex.get(step.id) !== index) await db.updateTable('inspection_priority_actions').set({ index }).where('id', '=', step.id).execute();
      continue;
    }
    const a = step.item;
    const values = { index, title: a.title, description: a.description, priority: a.priority };
    const bump = step.kind === 'create' || !!step.revive || changed(step.id, a);
    if (!bump && storedIndex.get(step.id) === index) continue;
    const stamp = { ...(bump ? { updated_by_user_id: actor.userId, version_at: new Date() } : {}), ...(step.kind === 'write' && step.revive ? revived : {}) };
    if (step.kind === 'write') {
      await db.updateTable('inspection_priority_actions').set({ ...values, ...stamp, ...(bump ? { version: sql<number>`version + 1` } : {}) }).where('id', '=', step.id).execute();
    } else await db.insertInto('inspection_priority_actions').values({ ...values, ...stamp, inspection_id: inspectionId }).execute();
  }
  return plan.overwritten;
}
