import { sql } from 'kysely';
import {
  P,
  TagTargetType,
  ZTagsUpdate,
  type TListResponse,
  type TTagPoint,
  type TTagTargetsOfPoint,
  type TTagsUpdate,
} from '@insp/contracts';
import { writeAuditTrail, type Db } from '@insp/db';
import type { z } from 'zod';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { AppError, fromZodIssues, notFound } from '../../errors.js';
import { listPage } from '../../lib/list.js';
import type { ZTagPointsQuery } from '@insp/contracts';

/*
 * Tags of multiple-choice and range-value fields (spec 002 /Tags), under P.tags (staff Admin holding the
 * Developer flag: both readings of 002 §2). A save replaces the field's whole list.
 */

export const TAG_MAX_LENGTH = 100;

/** POST api/v1/tags/update {type: 0 multiple choice | 1 range value, id, tags}: trimmed, empties dropped, de-duplicated. */
export async function updateTags(ctx: ServiceContext, input: TTagsUpdate): Promise<TTagsUpdate> {
  const authed = requirePermission(ctx, P.tags);
  const parsed = ZTagsUpdate.safeParse(input);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  const { type, id } = parsed.data;
  const tags: string[] = [];
  parsed.data.tags.forEach((raw, i) => {
    const tag = raw.trim();
    if (tag.length > TAG_MAX_LENGTH) throw new AppError('BAD_REQUEST', `tags.${i}: at most ${TAG_MAX_LENGTH} characters`, `tags.${i}`);
    // The same tag twice (ignoring case) is kept once, as first written.
    if (tag && !tags.some((t) => t.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  });
  const table = type === TagTargetType.MultipleChoice ? 'multiple_choices' : 'range_values';
  return inTransaction(ctx, async (tx) => {
    const before = await lockField(tx.db, table, id);
    if (!before) throw notFound(type === TagTargetType.MultipleChoice ? 'Multiple choice' : 'Range value');
    await tx.db.updateTable(table).set({ tags: sql`${sql.val(tags)}::text[]` }).where('id', '=', id).execute();
    await writeAuditTrail(tx.db, {
      entityType: 'tags', entityId: id, actorUserId: authed.actor.userId, action: 'update',
      changes: { type, inspectionPointId: before.pointId, before: before.tags, after: tags },
    });
    return { type, id, tags };
  });
}

/** The field's current tags and its point, row-locked; undefined when it or its point is gone. */
async function lockField(db: Db, table: 'multiple_choices' | 'range_values', id: string) {
  const base = table === 'multiple_choices'
    ? db.selectFrom('multiple_choices as f').innerJoin('inspection_points as p', 'p.id', 'f.inspection_point_id').select(['f.tags', 'p.id as pointId'])
    : db.selectFrom('range_values as f').innerJoin('inspection_points as p', 'p.id', 'f.inspection_point_id').select(['f.tags', 'p.id as pointId']);
  return (base as typeof base).where('f.id', '=', id).where('p.deleted_at', 'is', null).forUpdate('f').executeTakeFirst();
}

/** The /Tags screen's right side: a point's multiple choices and range values with their tags. */
export async function tagTargets(ctx: ServiceContext, pointId: string): Promise<TTagTargetsOfPoint> {
  requirePermission(ctx, P.tags);
  const point = await ctx.db.selectFrom('inspection_points').select(['id', 'name']).where('id', '=', pointId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!point) throw notFound('Inspection point');
  const [multipleChoices, rangeValues] = await Promise.all(
    (['multiple_choices', 'range_values'] as const).map((table) =>
      ctx.db.selectFrom(table).select(['id', 'title', 'tags']).where('inspection_point_id', '=', pointId).orderBy('index').orderBy('id').execute(),
    ),
  );
  return { ...point, multipleChoices: multipleChoices!, rangeValues: rangeValues! };
}

/** The /Tags screen's point selector: live points that have a multiple choice or a range value, by name. */
export async function tagPoints(ctx: ServiceContext, query: z.output<typeof ZTagPointsQuery>): Promise<TListResponse<TTagPoint>> {
  requirePermission(ctx, P.tags);
  const base = ctx.db
    .selectFrom('inspection_points as p')
    .select(['p.id', 'p.name', 'p.type'])
    .where('p.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('multiple_choices as m').select('m.id').whereRef('m.inspection_point_id', '=', 'p.id')),
        eb.exists(eb.selectFrom('range_values as r').select('r.id').whereRef('r.inspection_point_id', '=', 'p.id')),
      ]),
    );
  return listPage(ctx.db, base, { ...query, orderKey: undefined, orderDirection: undefined }, {
    sortable: { name: sql`p.name` },
    defaultSort: { key: 'name', direction: 'asc' },
    tieBreaker: sql`p.id`,
    search: (pattern) => sql<boolean>`p.name ilike ${pattern}`,
  });
}
