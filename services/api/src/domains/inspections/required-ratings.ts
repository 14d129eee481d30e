import { sql } from 'kysely';
import { PointRating } from '@insp/contracts';
import type { Db } from '@insp/db';
import { AppError } from '../../context.js';

/** A point that asks for a rating (its rating field present and marked Required) and has none yet. */
export interface MissingRating {
  categoryId: string | null;
  protocolPointId: string | null;
  extraPointId: string | null;
  name: string;
}

/**
 * Issue 20: the points of an inspection whose rating is required and not given, in the report's order. A protocol
 * point the protocol marks optional is left out (it need not be answered at all); Not applicable is a rating.
 * Read inside the caller's transaction, after its own writes, so a save is judged by what it saved.
 */
export async function missingRatings(db: Db, inspectionId: string): Promise<MissingRating[]> {
  const notSet = PointRating.NotSet;
  const { rows } = await sql<MissingRating & { o1: number; o2: number }>`
    select c.id as "categoryId", pp.id as "protocolPointId", null::uuid as "extraPointId",
           coalesce(nullif(trim(pp.name), ''), ip.name) as name, c.index as o1, pp.index as o2
      from inspection_categories c
      join protocol_points pp on pp.protocol_category_id = c.protocol_category_id
      join inspection_points ip on ip.id = pp.inspection_point_id
      left join inspection_point_results r on r.inspection_id = c.inspection_id and r.inspection_category_id = c.id and r.protocol_point_id = pp.id
     where c.inspection_id = ${inspectionId} and ip.rating_field_present and ip.rating_field_required and not pp.optional
       and coalesce(r.rating, ${notSet}) = ${notSet}
    union all
    select null, null, e.id, coalesce(nullif(trim(e.name), ''), ip.name), 2147483647, e.index
      from inspection_extra_points e
      join inspection_points ip on ip.id = e.inspection_point_id
      left join inspection_point_results r on r.extra_point_id = e.id
     where e.inspection_id = ${inspectionId} and ip.rating_field_present and ip.rating_field_required
       and coalesce(r.rating, ${notSet}) = ${notSet}
     order by o1, o2`.execute(db);
  return rows.map(({ o1: _o1, o2: _o2, ...m }) => m);
}

/** The refusal of finishing while ratings are missing: names every point, for the person who has to rate them. */
export function missingRatingsError(missing: MissingRating[], field: string, code: 'BAD_REQUEST' | 'CONFLICT' = 'BAD_REQUEST'): AppError {
  const names = missing.map((m) => m.name).join(', ');
  return new AppError(code, `${field}: ${missing.length === 1 ? 'this point needs' : 'these points need'} a rating before the inspection is finished: ${names}`, field);
}

/** Where the first missing rating sits in an update body (`categories.1.inspectionPoints.0.content.rating`), else `categories`. */
export function missingRatingPath(m: MissingRating, input: { categories: { id: string; inspectionPoints: { protocolPointId: string }[] }[]; extraPoints: { id?: string | null }[] }): string {
  if (m.extraPointId) {
    const i = input.extraPoints.findIndex((e) => e.id === m.extraPointId);
    return i < 0 ? 'extraPoints' : `extraPoints.${i}.content.rating`;
  }
  const ci = input.categories.findIndex((c) => c.id === m.categoryId);
  const pi = ci < 0 ? -1 : input.categories[ci]!.inspectionPoints.findIndex((p) => p.protocolPointId === m.protocolPointId);
  return pi < 0 ? 'categories' : `categories.${ci}.inspectionPoints.${pi}.content.rating`;
}
