import { allowedPointTypes, pointTypeName, protocolTypeLabel } from '@insp/contracts';
import type { Db } from '@insp/db';
import { AppError } from '../../errors.js';

/** A point as placed in a protocol: `at` is its path in the create body (categories.i.inspectionPoints.j). */
export interface PlacedPoint {
  at: string;
  name: string;
  type: string;
}

/**
 * spec 001 §5 'Equipment configurator filter accepts only Measurement points': a protocol of a type that takes only
 * some point types (allowedPointTypes) refuses the whole write with a 400 whose field is the first other point's
 * inspectionPointId and whose message names every such point, so one answer says all that must be removed.
 * Every path that puts points into a protocol calls this before writing anything.
 */
export function checkPointTypes(protocolType: string, placed: readonly PlacedPoint[]): void {
  const allowed = allowedPointTypes(protocolType);
  if (!allowed) return;
  const wrong = placed.filter((p) => !allowed.includes(p.type as (typeof allowed)[number]));
  const first = wrong[0];
  if (!first) return;
  const field = `${first.at}.inspectionPointId`;
  const others = wrong.slice(1).map((p) => `'${p.name}' (${pointTypeName(p.type)})`);
  throw new AppError(
    'BAD_REQUEST',
    `${field}: '${first.name}' is a ${pointTypeName(first.type)} point; an ${protocolTypeLabel(protocolType)} protocol takes only ${allowed.map(pointTypeName).join(', ')} points` +
      (others.length ? `; remove also ${others.join(', ')}` : ''),
    field,
  );
}

/** checkPointTypes on a stored protocol's points (a copy), read only when its type restricts them. */
export async function checkStoredPointTypes(db: Db, protocolId: string, protocolType: string): Promise<void> {
  if (allowedPointTypes(protocolType)) checkPointTypes(protocolType, await placedPointsOf(db, protocolId));
}

/** The points of a stored protocol with their paths in the order of its detail (categories and points by index). */
async function placedPointsOf(db: Db, protocolId: string): Promise<PlacedPoint[]> {
  const rows = await db
    .selectFrom('protocol_points as pp')
    .innerJoin('protocol_categories as c', 'c.id', 'pp.protocol_category_id')
    .innerJoin('inspection_points as ip', 'ip.id', 'pp.inspection_point_id')
    .select(['c.index as categoryIndex', 'pp.index as pointIndex', 'ip.name', 'ip.type'])
    .where('pp.protocol_id', '=', protocolId)
    .orderBy('c.index')
    .orderBy('pp.index')
    .execute();
  const categories = [...new Set(rows.map((r) => r.categoryIndex))];
  const seen = new Map<number, number>();
  return rows.map((r) => {
    const j = seen.get(r.categoryIndex) ?? 0;
    seen.set(r.categoryIndex, j + 1);
    return { at: `categories.${categories.indexOf(r.categoryIndex)}.inspectionPoints.${j}`, name: r.name, type: r.type };
  });
}
