import type { Insertable } from 'kysely';
import { writeAuditTrail, type DB, type Db } from '@insp/db';
import { inTransaction, type AuthedContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';

/** Where a change lands: the protocol itself, or its new version with the ids of the copied rows. */
export interface ChangeTarget {
  protocolId: string;
  version: number;
  newVersion: boolean;
  /** An id of the changed protocol's row (point, dependency, category) → the same row in the target. */
  point(id: string): string | undefined;
  dependency(id: string): string | undefined;
  category(id: string): string | undefined;
}

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/**
 * Copies a protocol with every part under new ids (targets, phases, categories, subcategory titles, groups, points,
 * dependencies); `values` overrides columns of the protocols row. Answers the new id and the old → new id maps.
 */
export async function copyProtocolRows(db: Db, sourceId: string, values: Partial<Insertable<DB['protocols']>>) {
  const src = await db.selectFrom('protocols').selectAll().where('id', '=', sourceId).executeTakeFirstOrThrow();
  const { id: _id, created_at: _c, updated_at: _u, version_created_at: _v, ...columns } = src;
  const { id } = await db.insertInto('protocols').values({ ...columns, ...values }).returning('id').executeTakeFirstOrThrow();
  const [targets, phases, categories, subs, groups, points, deps] = await Promise.all([
    db.selectFrom('protocol_targets').select(['product_family_id', 'product_model_id', 'equipment_id', 'created_at']).where('protocol_id', '=', sourceId).orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('protocol_phases').select(['phase_id', 'sort_order']).where('protocol_id', '=', sourceId).execute(),
    db.selectFrom('protocol_categories').select(['id', 'index', 'title', 'category_title_id']).where('protocol_id', '=', sourceId).execute(),
    db.selectFrom('protocol_subcategory_titles as s').innerJoin('protocol_categories as c', 'c.id', 's.protocol_category_id').select(['s.protocol_category_id', 's.index', 's.title', 's.category_title_id']).where('c.protocol_id', '=', sourceId).execute(),
    db.selectFrom('protocol_category_groups').select(['index', 'name', 'category_indices']).where('protocol_id', '=', sourceId).execute(),
    db.selectFrom('protocol_points').selectAll().where('protocol_id', '=', sourceId).execute(),
    db.selectFrom('protocol_point_dependencies as d').innerJoin('protocol_points as p', 'p.id', 'd.protocol_point_id').select(['d.id', 'd.protocol_point_id', 'd.json', 'd.created_at']).where('p.protocol_id', '=', sourceId).orderBy('d.created_at').orderBy('d.id').execute(),
  ]);
  // Ids made here so children can point at their copied parents without reading them back.
  const categoryIds = new Map(categories.map((c) => [c.id, crypto.randomUUID()]));
  const pointIds = new Map(points.map((p) => [p.id, crypto.randomUUID()]));
  const dependencyIds = new Map(deps.map((d) => [d.id, crypto.randomUUID()]));
  if (targets.length) await db.insertInto('protocol_targets').values(targets.map((t) => ({ ...t, protocol_id: id }))).execute();
  if (phases.length) await db.insertInto('protocol_phases').values(phases.map((p) => ({ ...p, protocol_id: id }))).execute();
  if (categories.length) await db.insertInto('protocol_categories').values(categories.map((c) => ({ ...c, id: categoryIds.get(c.id)!, protocol_id: id }))).execute();
  if (subs.length) await db.insertInto('protocol_subcategory_titles').values(subs.map((s) => ({ ...s, protocol_category_id: categoryIds.get(s.protocol_category_id)! }))).execute();
  if (groups.length) await db.insertInto('protocol_category_groups').values(groups.map((g) => ({ ...g, protocol_id: id }))).execute();
  for (let i = 0; i < points.length; i += 1000) {
    await db
      .insertInto('protocol_points')
      .values(points.slice(i, i + 1000).map(({ id: old, created_at: _a, updated_at: _b, ...p }) => ({ ...p, id: pointIds.get(old)!, protocol_id: id, protocol_category_id: categoryIds.get(p.protocol_category_id)!, prefill: json(p.prefill) })))
      .execute();
  }
  // A dependency's JSON is never SQL null (not null column): JSON null reads back as null and is written as 'null'.
  // created_at is kept: it is the dependencies' order.
  if (deps.length) await db.insertInto('protocol_point_dependencies').values(deps.map((d) => ({ id: dependencyIds.get(d.id)!, protocol_point_id: pointIds.get(d.protocol_point_id)!, json: JSON.stringify(d.json), created_at: d.created_at }))).execute();
  return { id, pointIds, dependencyIds, categoryIds };
}

/**
 * The protocol a new inspection or audit run starts on (issue 10 'Versions'): the one asked for, or, when that
 * version has been superseded, the current version of the same protocol, so a client holding an old id still
 * starts on the latest. Undefined when the protocol is missing or soft-deleted (deleting the current version
 * deletes the superseded ones too). Call it in the starting transaction: the version is locked FOR KEY SHARE,
 * which waits for a change in progress (changeProtocol holds FOR UPDATE); if that change superseded it, the row no
 * longer qualifies when the wait ends, and the next read finds the version the change made.
 */
export async function currentProtocolVersion(db: Db, protocolId: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await db
      .selectFrom('protocols as asked')
      .innerJoin('protocols as p', 'p.root_protocol_id', 'asked.root_protocol_id')
      .select(['p.id', 'p.name', 'p.type'])
      .where('asked.id', '=', protocolId)
      .where('asked.deleted_at', 'is', null)
      .where('p.superseded_at', 'is', null)
      .where('p.deleted_at', 'is', null)
      // A copy not yet saved under its own name is not run (issue 19): starting on it is 'not found'.
      .where('p.draft', '=', false)
      .forKeyShare('p')
      .executeTakeFirst();
    if (current) return current;
    const asked = await db.selectFrom('protocols').select('id').where('id', '=', protocolId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!asked) return undefined;
  }
  return undefined;
}

/**
 * Every change to a protocol's checklist goes through here (issue 10 'Versions'). A protocol no inspection uses is
 * changed in place. One that inspections use is copied to version + 1 (same root, `previous_version_id` the old
 * one), the old row is marked superseded, and `change` is applied to the copy: the inspections keep their
 * `protocol_id` and so the checklist they started on. A superseded version is never changed (409).
 */
export async function changeProtocol<T>(
  ctx: AuthedContext,
  protocolId: string,
  action: string,
  change: (db: Db, target: ChangeTarget) => Promise<T>,
  /**
   * Asked once the protocol is locked, before any copy: an answer means nothing is to change (a repeated save), and
   * it is what the call answers; no version is made and nothing is written.
   */
  unchanged?: (db: Db) => Promise<T | undefined>,
): Promise<T & { target: ChangeTarget }> {
  return inTransaction(ctx, async (tx) => {
    const db = tx.db;
    // FOR UPDATE conflicts with the FOR KEY SHARE lock an inspection insert takes on its protocol row (foreign key
    // check): no inspection can start on this version between the look below and the commit of the change.
    const p = await db.selectFrom('protocols').select(['id', 'version', 'root_protocol_id', 'superseded_at', 'deleted_at', 'created_at']).where('id', '=', protocolId).forUpdate().executeTakeFirst();
    if (!p || p.deleted_at) throw notFound('Protocol');
    if (p.superseded_at) throw new AppError('CONFLICT', `Version ${p.version} of this protocol has been replaced by a newer version; change the current version`);
    const same = (x: string) => x;
    const inPlace: ChangeTarget = { protocolId, version: p.version, newVersion: false, point: same, dependency: same, category: same };
    const nothingToDo = unchanged ? await unchanged(db) : undefined;
    if (nothingToDo !== undefined) return { ...nothingToDo, target: inPlace };
    const used = await db.selectFrom('inspections').select('id').where('protocol_id', '=', protocolId).limit(1).executeTakeFirst();
    let target: ChangeTarget;
    if (!used) {
      target = inPlace;
    } else {
      const copy = await copyProtocolRows(db, protocolId, {
        version: p.version + 1,
        root_protocol_id: p.root_protocol_id ?? p.id,
        previous_version_id: p.id,
        superseded_at: null,
        // Still the same protocol: the list keeps its place and 'created'; version_created_at dates the version.
        created_at: p.created_at,
        updated_by_user_id: ctx.actor.userId,
      });
      await db.updateTable('protocols').set({ superseded_at: new Date(), updated_by_user_id: ctx.actor.userId }).where('id', '=', protocolId).execute();
      target = { protocolId: copy.id, version: p.version + 1, newVersion: true, point: (x) => copy.pointIds.get(x), dependency: (x) => copy.dependencyIds.get(x), category: (x) => copy.categoryIds.get(x) };
    }
    const result = await change(db, target);
    // Every change moves the changed version's updated_at (the row's touch trigger), which an edit's
    // ifUnchangedSince compares: a dependency edited meanwhile is not overwritten silently either.
    await db.updateTable('protocols').set({ updated_by_user_id: ctx.actor.userId }).where('id', '=', target.protocolId).execute();
    await writeAuditTrail(db, {
      entityType: 'protocol', entityId: target.protocolId, actorUserId: ctx.actor.userId, action,
      changes: { changedProtocolId: protocolId, version: target.version, newVersion: target.newVersion },
    });
    return { ...result, target };
  });
}
