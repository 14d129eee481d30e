import { sql } from 'kysely';
import type { TProtocolExportData } from '@insp/contracts';
import type { Db } from '../client.js';

const num = (v: number | null) => (v === null ? '–' : String(v));

/**
 * What the export shows, in `lang`: each point's name translated (inspection_point_translations), else the
 * protocol's own name for it, else the point's; its measurement limits per family or model. Null for a missing or
 * soft-deleted protocol.
 */
export async function loadProtocolExportData(db: Db, protocolId: string, lang: string): Promise<TProtocolExportData | null> {
  const protocol = await db.selectFrom('protocols').select(['id', 'name', 'type', 'version']).where('id', '=', protocolId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!protocol) return null;
  const [categories, points] = await Promise.all([
    db.selectFrom('protocol_categories').select(['id', 'title']).where('protocol_id', '=', protocolId).orderBy('index').execute(),
    db
      .selectFrom('protocol_points as pp')
      .leftJoin('inspection_points as ip', (j) => j.onRef('ip.id', '=', 'pp.inspection_point_id').on('ip.deleted_at', 'is', null))
      .leftJoin('inspection_point_translations as tr', (j) => j.onRef('tr.inspection_point_id', '=', 'ip.id').on('tr.kind', '=', 'Name').on('tr.language_id', '=', lang))
      .leftJoin('units as u', 'u.id', 'ip.measurement_unit_id')
      .leftJoin('inspection_phases as ph', 'ph.id', 'pp.phase_id')
      .select(['pp.protocol_category_id', 'ip.id as point_id', 'ip.type', 'pp.show_in_report', 'ph.name as phase', 'u.symbol as unit'])
      .select(sql<string | null>`case when ip.id is null then null else coalesce(nullif(tr.value, ''), pp.name, ip.name) end`.as('name'))
      .where('pp.protocol_id', '=', protocolId)
      .orderBy('pp.index')
      .orderBy('pp.id')
      .execute(),
  ]);
  const pointIds = [...new Set(points.map((p) => p.point_id).filter((x): x is string => !!x))];
  const limits = pointIds.length
    ? await db
        .selectFrom('measurement_limits as l')
        .leftJoin('product_families as f', 'f.id', 'l.product_family_id')
        .leftJoin('product_models as m', 'm.id', 'l.product_model_id')
        .select(['l.inspection_point_id', 'f.name as family', 'm.name as model', 'l.critical_low', 'l.low', 'l.high', 'l.critical_high'])
        .where('l.inspection_point_id', 'in', pointIds)
        .orderBy('f.name')
        .orderBy('m.name')
        .execute()
    : [];
  const limitText = new Map<string, string[]>();
  for (const l of limits) {
    const line = `${l.family ?? l.model}: ${num(l.critical_low)} / ${num(l.low)} / ${num(l.high)} / ${num(l.critical_high)}`;
    limitText.set(l.inspection_point_id, [...(limitText.get(l.inspection_point_id) ?? []), line]);
  }
  return {
    protocol,
    categories: categories.map((c) => ({
      title: c.title,
      points: points
        .filter((p) => p.protocol_category_id === c.id)
        .map((p) => ({
          name: p.name ?? 'Point not found!',
          type: p.type ?? '',
          phase: p.phase ?? '',
          unit: p.unit ?? '',
          limits: p.point_id ? (limitText.get(p.point_id) ?? []).join('\n') : '',
          showInReport: p.show_in_report,
        })),
    })),
  };
}
