import { sql } from 'kysely';
import type { Db } from '@insp/db';

/**
 * What points at a product family or model, counted (Kysely only; the service words the refusal). Every row counts,
 * deleted and superseded ones too: reports, old protocol versions and deleted equipment keep reading the family and
 * model they were made for, and the foreign keys either refuse the delete (equipment, reports, certifications) or
 * would silently take rows with it (protocol targets, limits, document links). Point metas hold the ids as text.
 */
export interface ProductUse {
  what: string;
  count: number;
}

const counted = (what: string, query: Promise<{ n: number | string | bigint } | undefined>) =>
  query.then((r): ProductUse => ({ what, count: Number(r?.n ?? 0) }));
const n = sql<number>`count(*)`.as('n');

/** The models, equipment, reports, certifications, protocol targets, limits, points and documents of a family. */
export async function familyUses(db: Db, id: string): Promise<ProductUse[]> {
  return (await Promise.all([
    counted('product models', db.selectFrom('product_models').select(n).where('product_family_id', '=', id).executeTakeFirst()),
    ...common(db, 'product_family_id', id),
    counted('certifications', db.selectFrom('certifications').select(n).where('product_family_id', '=', id).executeTakeFirst()),
    counted(
      "inspection points' families",
      db.selectFrom('inspection_point_metas').select(sql<number>`count(distinct inspection_point_id)`.as('n')).where('type', '=', 'ProductFamily').where('value', '=', id).executeTakeFirst(),
    ),
    counted('documents', db.selectFrom('document_product_families').select(n).where('product_family_id', '=', id).executeTakeFirst()),
  ])).flat();
}

/** The equipment, reports, protocol targets, limits, points (and their choice lists and range values) and documents of a model. */
export async function modelUses(db: Db, id: string): Promise<ProductUse[]> {
  const metas = sql`jsonb_build_array(jsonb_build_object('type', 'ProductModel', 'value', ${id}::text))`;
  return (await Promise.all([
    ...common(db, 'product_model_id', id),
    counted(
      "inspection points' models",
      db.selectFrom('inspection_point_metas').select(sql<number>`count(distinct inspection_point_id)`.as('n')).where('type', '=', 'ProductModel').where('value', '=', id).executeTakeFirst(),
    ),
    // Choice lists and range values carry model metas in jsonb (no index: deleting a model is a rare admin act).
    counted('choice lists', db.selectFrom('multiple_choices').select(n).where(sql<boolean>`metas @> ${metas}`).executeTakeFirst()),
    counted('range values', db.selectFrom('range_values').select(n).where(sql<boolean>`metas @> ${metas}`).executeTakeFirst()),
    counted('follow-up range values', db.selectFrom('follow_up_range_values').select(n).where(sql<boolean>`metas @> ${metas}`).executeTakeFirst()),
    counted('documents', db.selectFrom('document_product_models').select(n).where('product_model_id', '=', id).executeTakeFirst()),
  ])).flat();
}

/** The tables that point at both a family and a model, by the column named for each. */
function common(db: Db, column: 'product_family_id' | 'product_model_id', id: string): Array<Promise<ProductUse | ProductUse[]>> {
  return [
    counted('equipment', db.selectFrom('equipment').select(n).where(column, '=', id).executeTakeFirst()),
    // reports and audit runs are both inspection rows (index inspections_product_family / _model, migration 0022)
    db
      .selectFrom('inspections')
      .select([sql<number>`count(*) filter (where audit_id is null)`.as('reports'), sql<number>`count(*) filter (where audit_id is not null)`.as('runs')])
      .where(column, '=', id)
      .executeTakeFirstOrThrow()
      .then((r) => [{ what: 'reports', count: Number(r.reports) }, { what: 'audit runs', count: Number(r.runs) }]),
    counted('protocol targets', db.selectFrom('protocol_targets').select(n).where(column, '=', id).executeTakeFirst()),
    counted('measurement limits', db.selectFrom('measurement_limits').select(n).where(column, '=', id).executeTakeFirst()),
  ];
}

/** 'equipment (3), reports (12)': the uses that count, in the order above; '' when nothing uses it. */
export const describeUses = (uses: ProductUse[]) =>
  uses
    .filter((u) => u.count > 0)
    .map((u) => `${u.what} (${u.count})`)
    .join(', ');
