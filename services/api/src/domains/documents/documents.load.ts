import { sql } from 'kysely';
import { isAllowed, P, type Actor, type TDocument, type TDocumentListItem } from '@insp/contracts';
import type { Db } from '@insp/db';

export const downloadLink = (id: string, version?: number) => `/api/v1/documentlibrary/${id}/${version === undefined ? '' : `?version=${version}`}`;
const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Live documents this actor may read, as a query to narrow further. Library managers (P.documents) read every one;
 * anyone else only those linked to a live inspection point (docs/decisions.md, "Document library"), scoped here
 * in SQL, not filtered afterwards.
 */
export function readableDocuments(db: Db, actor: Actor) {
  let q = db.selectFrom('documents').where('documents.deleted_at', 'is', null);
  if (!isAllowed(P.documents, actor)) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('document_inspection_points as dip')
          .innerJoin('inspection_points as ip', 'ip.id', 'dip.inspection_point_id')
          .whereRef('dip.document_id', '=', 'documents.id')
          .where('ip.deleted_at', 'is', null)
          .select(sql`1`.as('one')),
      ),
    );
  }
  return q;
}

/** The listed columns of a document, `linked` = linked to a product family or model. */
export const listItemColumns = [
  'documents.id',
  'documents.name',
  'documents.file_type',
  'documents.file_size',
  'documents.version',
  'documents.updated_at',
  'documents.document_category_id',
  sql<boolean>`exists (select 1 from document_product_families f where f.document_id = documents.id)
    or exists (select 1 from document_product_models m where m.document_id = documents.id)`.as('linked'),
] as const;

export interface ListItemRow {
  id: string;
  name: string;
  file_type: string;
  file_size: string | number | bigint;
  version: number;
  updated_at: Date;
  document_category_id: string | null;
  linked: boolean;
}

export const toListItem = (r: ListItemRow): TDocumentListItem => ({
  id: r.id,
  name: r.name,
  fileType: r.file_type,
  fileSize: Number(r.file_size),
  version: r.version,
  timestamp: iso(r.updated_at),
  documentCategoryId: r.document_category_id,
  linked: r.linked === true,
});

/** Documents by id with their versions and link ids (five queries whatever the count), in the order of `ids`. */
export async function loadDocuments(db: Db, ids: string[]): Promise<TDocument[]> {
  if (ids.length === 0) return [];
  const [docs, versions, points, families, models] = await Promise.all([
    db.selectFrom('documents').selectAll().where('id', 'in', ids).execute(),
    db.selectFrom('document_versions').selectAll().where('document_id', 'in', ids).orderBy('version', 'desc').execute(),
    db.selectFrom('document_inspection_points').select(['document_id', 'inspection_point_id as id']).where('document_id', 'in', ids).orderBy('inspection_point_id').execute(),
    db.selectFrom('document_product_families').select(['document_id', 'product_family_id as id']).where('document_id', 'in', ids).orderBy('product_family_id').execute(),
    db.selectFrom('document_product_models').select(['document_id', 'product_model_id as id']).where('document_id', 'in', ids).orderBy('product_model_id').execute(),
  ]);
  const of = (rows: Array<{ document_id: string; id: string }>, id: string) => rows.filter((r) => r.document_id === id).map((r) => r.id);
  const byId = new Map(docs.map((d) => [d.id, d]));
  return ids.flatMap((id) => {
    const d = byId.get(id);
    if (!d) return [];
    const vs = versions.filter((v) => v.document_id === id);
    const current = vs.find((v) => v.version === d.version);
    return [
      {
        id: d.id,
        name: d.name,
        fileType: d.file_type,
        fileSize: Number(d.file_size),
        contentType: d.content_type,
        version: d.version,
        timestamp: iso(current?.created_at ?? d.updated_at),
        state: d.deleted_at ? ('Deleted' as const) : ('Active' as const),
        documentCategoryId: d.document_category_id,
        summary: d.summary,
        sourceSystem: d.source_system,
        metadata: (typeof d.metadata === 'object' && d.metadata !== null ? d.metadata : {}) as Record<string, unknown>,
        sha256: d.sha256,
        versions: vs.map((v) => ({
          version: v.version,
          fileName: v.file_name,
          fileType: v.file_type,
          fileSize: Number(v.file_size),
          contentType: v.content_type,
          sha256: v.sha256,
          timestamp: iso(v.created_at),
          downloadLink: downloadLink(id, v.version),
        })),
        inspectionPointIds: of(points, id),
        productFamilyIds: of(families, id),
        productModelIds: of(models, id),
        downloadLink: downloadLink(id),
      },
    ];
  });
}
