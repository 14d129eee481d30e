import type { Db } from '@insp/db';
import { badField } from './inspection-edit.save.js';

/**
 * Adds a library point to an inspection (or audit run) as an extra point, last in order, under `name` or the point's
 * own; a missing or deleted library point is a 400 naming `field`. Used by the report save and the audit editor.
 */
export async function insertExtraPoint(db: Db, inspectionId: string, pointId: string, name: string | null | undefined, field: string): Promise<string> {
  const point = await db.selectFrom('inspection_points').select('name').where('id', '=', pointId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!point) throw badField(field, 'inspection point not found');
  const next = await db.selectFrom('inspection_extra_points').select((eb) => eb.fn.coalesce(eb.fn.max('index'), eb.val(-1)).as('n'))
    .where('inspection_id', '=', inspectionId).executeTakeFirstOrThrow();
  return (await db
    .insertInto('inspection_extra_points')
    .values({ inspection_id: inspectionId, inspection_point_id: pointId, index: Number(next.n) + 1, name: name?.trim() || point.name })
    .returning('id')
    .executeTakeFirstOrThrow()).id;
}
