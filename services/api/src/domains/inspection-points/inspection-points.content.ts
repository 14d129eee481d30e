import { sql } from 'kysely';
import { isTempId } from '@insp/contracts';
import type { Db } from '@insp/db';
import { AppError } from '../../errors.js';
import { bad, deleteOrphanFollowUps, saveFollowUp, syncRows } from './inspection-points.children.js';
import { owns, type PointData } from './inspection-points.rules.js';

/** 001 §9, the batch update dialog's tooltip. */
export const LOCKED_OPTION = "This option can't be edited because it is already being updated with another batch update.";

/*
 * Writes a point's type-specific content (001 §3) inside the caller's transaction. Content the type does not own
 * was emptied by applyRules; its rows are removed here whatever deleteMissing says.
 */

const rowsOf = (db: Db, table: string, column: string, parentIds: string[], lock = false) =>
  parentIds.length
    ? ((db as any).selectFrom(table).select(['id', 'index', column, 'follow_up_range_value_id']).where(column, 'in', parentIds).$if(lock, (q: any) => q.orderBy('id').forUpdate()).execute() as Promise<
        { id: string; index: number; follow_up_range_value_id: string | null; [k: string]: unknown }[]
      >)
    : Promise.resolve([]);

const byParent = <R extends Record<string, unknown>>(rows: R[], column: string, parentId: string) => rows.filter((r) => r[column] === parentId) as never[];

export async function writeContent(db: Db, pointId: string, d: PointData, opts: { deleteMissing: boolean; currentGroupId: string | null }) {
  const own = owns(d.type);
  const orphans: string[] = [];
  const existing = async (table: string, indexed = true) =>
    (db as any)
      .selectFrom(table)
      .select(indexed ? ['id', 'index'] : ['id', sql<number>`0`.as('index')])
      .where('inspection_point_id', '=', pointId)
      .execute() as Promise<{ id: string; index: number }[]>;
  const del = (dm: boolean, owned: boolean) => dm || !owned;

  // Chart lines that name a row or field the payload removes go with it (on delete cascade): read them first, so a
  // line the payload keeps but moves to another row or column is written again instead of 'not found'.
  const datasetsBefore = await existing('inspection_point_visualization_datasets', false);
  const fields = await syncRows(db, {
    table: 'inspection_point_fields', parentColumn: 'inspection_point_id', parentId: pointId, items: d.fields, existing: await existing('inspection_point_fields'),
    deleteMissing: del(opts.deleteMissing, own.fields), path: 'fields',
    values: (f) => ({ title: f.title, keyboard_type: f.keyboardType, aggregation: f.inspectionPointFieldAggregation }),
  });
  const rows = await syncRows(db, {
    table: 'inspection_point_rows', parentColumn: 'inspection_point_id', parentId: pointId, items: d.rows, existing: await existing('inspection_point_rows'),
    deleteMissing: del(opts.deleteMissing, own.rows), path: 'rows',
    values: (r) => ({ title: r.title, aggregation: r.inspectionPointRowAggregation }),
  });
  // The direction rules hold for rows the payload did not mention either (kept without deleteMissing).
  const dir = d.inspectionPointAggregationDirection;
  if (dir === 'No' || dir === 'Column') await db.updateTable('inspection_point_fields').set({ aggregation: 'No' }).where('inspection_point_id', '=', pointId).execute();
  if (dir === 'No' || dir === 'Row') await db.updateTable('inspection_point_rows').set({ aggregation: 'No' }).where('inspection_point_id', '=', pointId).execute();

  // Chart lines may name rows and fields of this payload by their temporary ids.
  const liveRows = new Set((await existing('inspection_point_rows')).map((r) => r.id));
  const liveFields = new Set((await existing('inspection_point_fields')).map((r) => r.id));
  const resolve = (id: string | null | undefined, temp: Map<string, string>, live: Set<string>, field: string) => {
    if (!id) return null;
    const real = isTempId(id) ? temp.get(id) : id;
    if (!real || !live.has(real)) throw bad(field, `${id} is not a row or field of this point`);
    return real;
  };
  const datasets = await existing('inspection_point_visualization_datasets', false);
  const cascaded = new Set(datasetsBefore.filter((b) => !datasets.some((a) => a.id === b.id)).map((b) => b.id));
  await syncRows(db, {
    table: 'inspection_point_visualization_datasets', parentColumn: 'inspection_point_id', parentId: pointId,
    items: d.visualizationDatasets.map((s) => (s.id && cascaded.has(s.id) ? { ...s, id: null } : s)),
    existing: datasets, deleteMissing: del(opts.deleteMissing, own.datasets && d.visualizationType === 'LineChart'), path: 'visualizationDatasets', indexed: false,
    values: (s, i) => ({
      // No index column: read in creation order, so each row gets its own time (now() is the transaction's).
      created_at: sql<Date>`clock_timestamp()`,
      name: s.name,
      row_id: resolve(s.rowId, rows.temp, liveRows, `visualizationDatasets[${i}].rowId`),
      field_id: resolve(s.columnId, fields.temp, liveFields, `visualizationDatasets[${i}].columnId`),
    }),
  });

  await writeLimits(db, pointId, d, del(opts.deleteMissing, own.limits));
  const groupId = await writeOptionGroup(db, d, opts.currentGroupId, opts.deleteMissing, orphans);
  await writeRangeValues(db, pointId, d, del(opts.deleteMissing, own.rangeValues));
  await writeChoices(db, pointId, d, del(opts.deleteMissing, own.choices), opts.deleteMissing, orphans);
  await writeDropdowns(db, pointId, d, del(opts.deleteMissing, own.dropdowns), opts.deleteMissing, orphans);
  await deleteOrphanFollowUps(db, orphans);
  return { groupId };
}

/** A limit's target and thresholds as columns (the point write and the measurement limits calls). */
export const limitColumns = (l: { productFamilyId?: string | null; productModelId?: string | null; criticalLow?: number | null; low?: number | null; high?: number | null; criticalHigh?: number | null }) => ({
  product_family_id: l.productFamilyId ?? null,
  product_model_id: l.productModelId ?? null,
  critical_low: l.criticalLow ?? null,
  low: l.low ?? null,
  high: l.high ?? null,
  critical_high: l.criticalHigh ?? null,
});

/**
 * One limit per family or model (unique indexes of migration 0005). An item without its id updates the limit of its
 * target. A limit moved to another target is rewritten under its own id after the rows that held targets are gone,
 * so moving onto a removed limit's target or swapping two never meets the unique index half-way; a target still
 * held by a limit the payload keeps (no deleteMissing) is a 400 naming the item.
 */
async function writeLimits(db: Db, pointId: string, d: PointData, deleteMissing: boolean) {
  const current = await db
    .selectFrom('measurement_limits')
    .select(['id', 'product_family_id', 'product_model_id', 'created_at'])
    .where('inspection_point_id', '=', pointId)
    .execute();
  const keyOf = (family: string | null | undefined, model: string | null | undefined) => (family ? `f:${family}` : `m:${model}`);
  const byId = new Map(current.map((l) => [l.id, l]));
  const byTarget = new Map(current.map((l) => [keyOf(l.product_family_id, l.product_model_id), l.id]));
  const seen = new Set<string>();
  const items = d.measurementLimits.map((l, i) => {
    const key = keyOf(l.productFamilyId, l.productModelId);
    const id = isTempId(l.id) ? (byTarget.get(key) ?? null) : l.id!;
    if (id && !byId.has(id)) throw bad(`measurementLimits[${i}].id`, `${id} is not one of this point's items`);
    if (id && seen.has(id)) throw bad(`measurementLimits[${i}].id`, 'the same item is given twice');
    if (id) seen.add(id);
    const row = id ? byId.get(id)! : null;
    return { l, i, key, id, row, moved: !!row && keyOf(row.product_family_id, row.product_model_id) !== key };
  });
  const kept = current.filter((l) => !seen.has(l.id));
  const gone = [...(deleteMissing ? kept.map((l) => l.id) : []), ...items.filter((x) => x.moved).map((x) => x.id!)];
  const held = new Set((deleteMissing ? [] : kept).map((l) => keyOf(l.product_family_id, l.product_model_id)));
  for (const x of items) {
    if (held.has(x.key)) throw bad(`measurementLimits[${x.i}].${x.l.productFamilyId ? 'productFamilyId' : 'productModelId'}`, 'the point already has a limit for this product family or model');
  }
  if (gone.length) await db.deleteFrom('measurement_limits').where('id', 'in', gone).execute();
  for (const x of items) {
    const values = limitColumns(x.l);
    if (x.row && !x.moved) await db.updateTable('measurement_limits').set(values).where('id', '=', x.id!).execute();
    // No index column: read in creation order, so a new row gets its own time and a moved one keeps its own.
    else await db.insertInto('measurement_limits').values({ ...values, inspection_point_id: pointId, ...(x.row ? { id: x.row.id, created_at: x.row.created_at } : { created_at: sql<Date>`clock_timestamp()` }) }).execute();
  }
}

/**
 * A predefined group (custom false) is referenced, never changed; a custom group belongs to this point: updated in
 * place when the payload names it, else created, and the point's former custom group is then deleted.
 */
async function writeOptionGroup(db: Db, d: PointData, currentId: string | null, deleteMissing: boolean, orphans: string[]) {
  const current = currentId ? await db.selectFrom('option_groups').select(['id', 'custom']).where('id', '=', currentId).executeTakeFirst() : undefined;
  const g = d.optionGroup;
  let next: string | null = null;
  if (g && !g.custom) {
    const found = await db.selectFrom('option_groups').select('id').where('id', '=', g.id!).where('custom', '=', false).executeTakeFirst();
    if (!found) throw bad('optionGroup.id', `${g.id} is not a predefined option group`);
    next = found.id;
  } else if (g) {
    if (!isTempId(g.id) && !(current?.custom && current.id === g.id)) throw bad('optionGroup.id', `${g.id} is not this point's custom option group`);
    next = isTempId(g.id) ? (await db.insertInto('option_groups').values({ name: g.name, custom: true }).returning('id').executeTakeFirstOrThrow()).id : g.id!;
    if (!isTempId(g.id)) await db.updateTable('option_groups').set({ name: g.name }).where('id', '=', next).execute();
    const rows = await rowsOf(db, 'option_group_options', 'option_group_id', [next]);
    // The options of a custom group are always the payload's (empty names were dropped: 001 §5).
    orphans.push(...rows.map((r) => r.follow_up_range_value_id).filter((x): x is string => !!x));
    await syncRows(db, {
      table: 'option_group_options', parentColumn: 'option_group_id', parentId: next, items: g.options, existing: rows, deleteMissing: true,
      path: 'optionGroup.options',
      values: async (o, i) => ({
        name: o.name,
        comment: o.comment ?? null,
        follow_up_range_value_id: await saveFollowUp(db, rows.find((r) => r.id === o.id)?.follow_up_range_value_id ?? null, o.followUpRangeValue, deleteMissing, `optionGroup.options[${i}]`, orphans),
      }),
    });
    if (isTempId(g.id)) await carryOptionTranslations(db, next, current && !current.custom ? current.id : null);
  }
  if (current?.custom && current.id !== next) {
    orphans.push(...(await rowsOf(db, 'option_group_options', 'option_group_id', [current.id])).map((r) => r.follow_up_range_value_id).filter((x): x is string => !!x));
    // Detach first: the point still refers to its old group until the caller writes the new id.
    await db.updateTable('inspection_points').set({ option_group_id: next }).where('option_group_id', '=', current.id).execute();
    await db.deleteFrom('option_groups').where('id', '=', current.id).execute();
  }
  return next;
}

/**
 * Issue 19: 'Customize' copies a predefined group without ids, so the new custom options would lose the translations
 * their names already have. A new custom option takes the translations of a predefined option of the same name (the
 * point's former predefined group first): each was written for that very English text (`source`), so it stays true.
 */
async function carryOptionTranslations(db: Db, customGroupId: string, formerGroupId: string | null) {
  await sql`update option_group_options o set translations = src.translations
    from (select distinct on (p.name) p.name, p.translations
            from option_group_options p join option_groups pg on pg.id = p.option_group_id and not pg.custom
           where p.translations <> '{}'::jsonb
           order by p.name, (p.option_group_id = ${formerGroupId}) is true desc, p.id) src
   where o.option_group_id = ${customGroupId} and o.name = src.name and o.translations = '{}'::jsonb`.execute(db);
}

/** Once saved, a range value changes only its regexp and consequence (001 §2); its title, type and metas stay. */
async function writeRangeValues(db: Db, pointId: string, d: PointData, deleteMissing: boolean) {
  const current = await db.selectFrom('range_values').select(['id', 'index']).where('inspection_point_id', '=', pointId).execute();
  const { ids } = await syncRows(db, {
    table: 'range_values', parentColumn: 'inspection_point_id', parentId: pointId, items: d.rangeValues, existing: current, deleteMissing, path: 'rangeValues',
    values: (r) => ({
      title: r.title,
      keyboard_type: r.keyboardType,
      input_validation_regexp: r.inputValidationRegexp ?? null,
      validation_consequence: r.validationConsequence,
      metas: JSON.stringify(r.metas),
      tags: r.tags ?? [],
    }),
    updateValues: (r) => ({ input_validation_regexp: r.inputValidationRegexp ?? null, validation_consequence: r.validationConsequence }),
  });
  const live = new Set([...(deleteMissing ? [] : current.map((r) => r.id)), ...ids]);
  for (const [id, u] of Object.entries(d.rangeValueUpdates)) {
    if (!live.has(id)) throw bad(`rangeValueUpdates.${id}`, `${id} is not one of this point's range values`);
    await db
      .updateTable('range_values')
      .set({ input_validation_regexp: u.inputValidationRegexp ?? null, validation_consequence: u.validationConsequence })
      .where('id', '=', id)
      .execute();
  }
}

/** Tags of existing choices are edited on /tags (002): a point save keeps them; a new choice takes the payload's. */
async function writeChoices(db: Db, pointId: string, d: PointData, deleteMissing: boolean, dm: boolean, orphans: string[]) {
  const current = await db.selectFrom('multiple_choices').select(['id', 'index']).where('inspection_point_id', '=', pointId).execute();
  const options = await rowsOf(db, 'multiple_choice_options', 'multiple_choice_id', current.map((c) => c.id));
  orphans.push(...options.map((o) => o.follow_up_range_value_id).filter((x): x is string => !!x));
  const common = (c: PointData['multipleChoices'][number]) => ({
    title: c.title,
    radio: c.radio,
    input_validation_regexp: c.inputValidationRegexp ?? null,
    metas: JSON.stringify(c.metas),
  });
  const { ids } = await syncRows(db, {
    table: 'multiple_choices', parentColumn: 'inspection_point_id', parentId: pointId, items: d.multipleChoices, existing: current, deleteMissing, path: 'multipleChoices',
    values: (c) => ({ ...common(c), tags: c.tags ?? [] }),
    updateValues: (c) => common(c),
  });
  for (const [i, c] of d.multipleChoices.entries()) {
    const mine = byParent(options, 'multiple_choice_id', ids[i]!) as { id: string; index: number; follow_up_range_value_id: string | null }[];
    await syncRows(db, {
      table: 'multiple_choice_options', parentColumn: 'multiple_choice_id', parentId: ids[i]!, items: c.options, existing: mine, deleteMissing: dm,
      path: `multipleChoices[${i}].options`,
      values: async (o, j) => ({
        title: o.title,
        follow_up_range_value_id: await saveFollowUp(db, mine.find((r) => r.id === o.id)?.follow_up_range_value_id ?? null, o.followUpRangeValue, dm, `multipleChoices[${i}].options[${j}]`, orphans),
      }),
    });
  }
}

/**
 * Dropdown options keep their batch-update link (dropdown_batch_updates). While that batch is pending the option is
 * locked: a save sending it unchanged is fine, a changed title or image is a 409 naming the field, its follow-up is
 * left to the batch. Removing a locked option is allowed (the batch then finds nothing to write there).
 */
async function writeDropdowns(db: Db, pointId: string, d: PointData, deleteMissing: boolean, dm: boolean, orphans: string[]) {
  const current = await db.selectFrom('dropdowns').select(['id', 'index']).where('inspection_point_id', '=', pointId).execute();
  // Row-locked (in id order, as a batch update locks them) before reading which are locked: a batch update taking
  // one of them meanwhile is waited for and then seen, instead of being overwritten under its lock.
  const options = await rowsOf(db, 'dropdown_options', 'dropdown_id', current.map((c) => c.id), true);
  const locked = new Map(
    (current.length
      ? await db
          .selectFrom('dropdown_options as o')
          .innerJoin('dropdown_batch_updates as b', 'b.id', 'o.batch_update_id')
          .select(['o.id', 'o.title', 'o.image_id', 'o.follow_up_range_value_id'])
          .where('o.dropdown_id', 'in', current.map((c) => c.id))
          .where('b.status', '=', 'pending')
          .execute()
      : []
    ).map((r) => [r.id, r]),
  );
  orphans.push(...options.map((o) => o.follow_up_range_value_id).filter((x): x is string => !!x));
  const imageIds = [...new Set(d.dropdowns.flatMap((dd) => dd.options.map((o) => o.imageId).filter((x): x is string => !!x)))];
  const images = new Set(imageIds.length ? (await db.selectFrom('images').select('id').where('id', 'in', imageIds).execute()).map((r) => r.id) : []);
  const { ids } = await syncRows(db, {
    table: 'dropdowns', parentColumn: 'inspection_point_id', parentId: pointId, items: d.dropdowns, existing: current, deleteMissing, path: 'dropdowns',
    values: (dd) => ({
      title: dd.title,
      multiselect: dd.multiselect,
      hide_images: dd.hideImages,
      input_validation_regexp: dd.inputValidationRegexp ?? null,
      validation_consequence: dd.validationConsequence,
    }),
  });
  for (const [i, dd] of d.dropdowns.entries()) {
    const mine = byParent(options, 'dropdown_id', ids[i]!) as { id: string; index: number; follow_up_range_value_id: string | null }[];
    await syncRows(db, {
      table: 'dropdown_options', parentColumn: 'dropdown_id', parentId: ids[i]!, items: dd.options, existing: mine, deleteMissing: dm,
      path: `dropdowns[${i}].options`,
      values: async (o, j) => {
        if (o.imageId && !images.has(o.imageId)) throw bad(`dropdowns[${i}].options[${j}].imageId`, `${o.imageId} is not an uploaded image`);
        const row = o.id ? locked.get(o.id) : undefined;
        if (row) {
          // A pending batch update is about to write this option (001 §2): its title and image stay as they are.
          if (row.title !== o.title) throw new AppError('CONFLICT', `dropdowns[${i}].options[${j}].title: ${LOCKED_OPTION}`, `dropdowns[${i}].options[${j}].title`);
          if ((row.image_id ?? null) !== (o.imageId ?? null)) throw new AppError('CONFLICT', `dropdowns[${i}].options[${j}].imageId: ${LOCKED_OPTION}`, `dropdowns[${i}].options[${j}].imageId`);
          return { title: row.title, image_id: row.image_id, follow_up_range_value_id: row.follow_up_range_value_id };
        }
        return {
          title: o.title,
          image_id: o.imageId ?? null,
          follow_up_range_value_id: await saveFollowUp(db, mine.find((r) => r.id === o.id)?.follow_up_range_value_id ?? null, o.followUpRangeValue, dm, `dropdowns[${i}].options[${j}]`, orphans),
        };
      },
    });
  }
}
