import { sql } from 'kysely';
import {
  P,
  type TDocumentTree,
  type TDropdownGroup,
  type TOptionGroupRead,
  type TPickerDocument,
} from '@insp/contracts';
import { requirePermission, type ServiceContext } from '../../context.js';
import { containsPattern } from '../../lib/list.js';
import { dropdownOptionOf, followUpsById, groupOptionOf } from '../inspection-points/inspection-points.load.js';

/* What the point editor picks from (spec 001 §2): option groups, existing dropdowns, documents. P.authoring. */

/**
 * GET api/v1/inspectionPointOptionGroups?custom=false: predefined groups with options and follow-ups. Custom
 * groups belong to one point each (read with the point); asking for them answers at most 500.
 */
export async function optionGroups(ctx: ServiceContext, custom: boolean): Promise<TOptionGroupRead[]> {
  requirePermission(ctx, P.authoring);
  const groups = await ctx.db
    .selectFrom('option_groups')
    .select(['id', 'name', 'custom'])
    .where('custom', '=', custom)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(500)
    .execute();
  if (!groups.length) return [];
  const options = await ctx.db
    .selectFrom('option_group_options')
    .select(['id', 'option_group_id', 'index', 'name', 'comment', 'follow_up_range_value_id'])
    .where('option_group_id', 'in', groups.map((g) => g.id))
    .orderBy('option_group_id')
    .orderBy('index')
    .orderBy('id')
    .execute();
  const followUps = await followUpsById(ctx.db, options.map((o) => o.follow_up_range_value_id));
  return groups.map((g) => ({
    ...g,
    options: options
      .filter((o) => o.option_group_id === g.id)
      .map((o) => groupOptionOf(o, followUps)),
  }));
}

/**
 * GET api/v1/inspectionPoints/dropdowns?search&limit: existing dropdowns of live points for 'pick an existing
 * dropdown' (001 §2). Searched by title (trigram index) and limited in SQL; options with signed image links.
 */
export async function existingDropdowns(ctx: ServiceContext, query: { search: string; limit: number }): Promise<TDropdownGroup[]> {
  requirePermission(ctx, P.authoring);
  let q = ctx.db
    .selectFrom('dropdowns as d')
    .innerJoin('inspection_points as p', 'p.id', 'd.inspection_point_id')
    .select(['d.id', 'd.title', 'd.hide_images', 'd.multiselect', 'p.id as pointId', 'p.name as pointName'])
    .where('p.deleted_at', 'is', null)
    .orderBy(sql`lower(d.title)`)
    .orderBy('d.id')
    .limit(query.limit);
  if (query.search) q = q.where('d.title', 'ilike', containsPattern(query.search));
  const dropdowns = await q.execute();
  if (!dropdowns.length) return [];
  const options = await ctx.db
    .selectFrom('dropdown_options')
    .select(['id', 'dropdown_id', 'index', 'title', 'image_id', 'follow_up_range_value_id'])
    .where('dropdown_id', 'in', dropdowns.map((d) => d.id))
    .orderBy('dropdown_id')
    .orderBy('index')
    .orderBy('id')
    .execute();
  const followUps = await followUpsById(ctx.db, options.map((o) => o.follow_up_range_value_id));
  return dropdowns.map((d) => ({
    id: d.id,
    title: d.title,
    hideImages: d.hide_images,
    multiselect: d.multiselect,
    inspectionPointId: d.pointId,
    inspectionPointName: d.pointName,
    options: options
      .filter((o) => o.dropdown_id === d.id)
      .map((o) => dropdownOptionOf(ctx.config, o, followUps)),
  }));
}

/**
 * The document picker's tree (001 §2): top categories, their subcategories (a deeper category's documents are
 * shown in its second-level ancestor), documents by name, and the uncategorized group. `linked`: the document
 * is linked to a product family or model.
 */
export async function documentTree(ctx: ServiceContext): Promise<TDocumentTree> {
  requirePermission(ctx, P.authoring);
  const categories = await ctx.db
    .selectFrom('document_categories')
    .select(['id', 'name', 'parent_category_id'])
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  const docs = await ctx.db
    .selectFrom('documents as d')
    .select((eb) => [
      'd.id',
      'd.name',
      'd.file_type',
      'd.file_size',
      'd.document_category_id',
      eb
        .or([
          eb.exists(eb.selectFrom('document_product_families as f').select('f.document_id').whereRef('f.document_id', '=', 'd.id')),
          eb.exists(eb.selectFrom('document_product_models as m').select('m.document_id').whereRef('m.document_id', '=', 'd.id')),
        ])
        .as('linked'),
    ])
    .where('d.deleted_at', 'is', null)
    .orderBy(sql`lower(d.name)`)
    .orderBy('d.id')
    .execute();

  const parent = new Map(categories.map((c) => [c.id, c.parent_category_id]));
  /** The category a document is shown under: itself when top or second level, else its second-level ancestor. */
  const shownUnder = (id: string): string => {
    let node = id;
    for (let guard = 0; guard < 100; guard++) {
      const p = parent.get(node);
      if (!p) return node;
      if (!parent.get(p)) return node;
      node = p;
    }
    return node;
  };
  const byCategory = new Map<string, TPickerDocument[]>();
  const uncategorized: TPickerDocument[] = [];
  for (const d of docs) {
    const doc = { id: d.id, name: d.name, fileType: d.file_type, fileSize: Number(d.file_size), linked: Boolean(d.linked) };
    if (!d.document_category_id || !parent.has(d.document_category_id)) {
      uncategorized.push(doc);
      continue;
    }
    const key = shownUnder(d.document_category_id);
    const list = byCategory.get(key) ?? [];
    list.push(doc);
    byCategory.set(key, list);
  }
  const top = categories.filter((c) => !c.parent_category_id);
  return {
    categories: top.map((c) => ({
      id: c.id,
      name: c.name,
      documents: byCategory.get(c.id) ?? [],
      subCategories: categories
        .filter((s) => s.parent_category_id === c.id)
        .map((s) => ({ id: s.id, name: s.name, documents: byCategory.get(s.id) ?? [] })),
    })),
    uncategorized,
  };
}
