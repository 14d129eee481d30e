import { P, type TAudit, type TInspectionEdit, type TInspectionEmailChoices } from '@insp/contracts';
import { requirePermission, type ServiceContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { getAuditPreviousValues } from '../audits/audit-previous-values.service.js';
import { getAudit } from '../audits/audit-write.service.js';
import { readableDocuments } from '../documents/documents.load.js';
import { getInspectionEmailChoices } from '../inspections/inspection-email-choices.service.js';
import { openActionsOfReport } from '../follow-up-actions/actions-of-inspection.service.js';
import { getInspectionEditDetails, getInspectionPreviousValues } from '../inspections/inspection-read.service.js';

/** A file an editor fetches with the token: an image (photos, signatures, option pictures), a voice comment, a point's document. */
export interface OfflineFile {
  kind: 'image' | 'voice' | 'document';
  id: string;
  /** The path the web app fetches it from, and the key it is stored under on the device. */
  path: string;
  name?: string;
  size?: number;
}

/**
 * 'Make available offline' (issue 23): what the report edit form reads (`inspectionEdit.editDetails`, its points'
 * `previousValues`, the machine's open follow-up actions beside their points (`actions.ofInspection`), and
 * `emailChoices` for someone who may save it) and the files its points name, in one answer. The same rules as
 * those reads: P.reports and the inspection visible to the caller (another company's answers 404).
 */
export async function inspectionBundle(ctx: ServiceContext, id: string) {
  const editDetails: TInspectionEdit = await getInspectionEditDetails(ctx, id);
  const previousValues = await getInspectionPreviousValues(ctx, id);
  const openActions = await openActionsOfReport(ctx, id);
  const emailChoices = await readableOrNull(() => getInspectionEmailChoices(ctx, id));
  const files = await filesOf(ctx, editDetails);
  return { kind: 'inspection' as const, id, name: inspectionName(editDetails), editDetails, previousValues, openActions, emailChoices, files };
}

/**
 * The audit editor's reads (`audits.get`, P.audits: staff only, and its runs' `previousValues`) and the files its
 * runs' points name.
 */
export async function auditBundle(ctx: ServiceContext, id: string) {
  const audit: TAudit = await getAudit(ctx, id);
  const previousValues = await getAuditPreviousValues(ctx, id);
  const files = await filesOf(ctx, audit);
  return { kind: 'audit' as const, id, name: audit.name, audit, previousValues, files };
}

/** emailChoices is for those who may save: anyone else reads the inspection without it, as the form does. */
async function readableOrNull(read: () => Promise<TInspectionEmailChoices>): Promise<TInspectionEmailChoices | null> {
  try {
    return await read();
  } catch (e) {
    if (e instanceof AppError && e.code === 'FORBIDDEN') return null;
    throw e;
  }
}

const inspectionName = (d: TInspectionEdit) => d.name || d.protocolName || 'Inspection';

const IMAGE_KEYS = new Set(['imageId', 'customerSignature', 'providerSignature']);

/**
 * Walks the editor's data for the ids it fetches files by (whatever the nesting: categories, extra points, runs,
 * findings), and adds the live documents linked to its points that the caller may read (readableDocuments).
 */
async function filesOf(ctx: ServiceContext, data: unknown): Promise<OfflineFile[]> {
  const images = new Set<string>();
  const voices = new Set<string>();
  const points = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (typeof x === 'string' && x) {
        if (IMAGE_KEYS.has(k)) images.add(x);
        else if (k === 'voiceCommentId') voices.add(x);
        else if (k === 'inspectionPointId') points.add(x);
      } else walk(x);
    }
  };
  walk(data);
  const files: OfflineFile[] = [
    ...[...images].map((id) => ({ kind: 'image' as const, id, path: `/api/v1/images/${id}/file` })),
    ...[...voices].map((id) => ({ kind: 'voice' as const, id, path: `/api/v1/voicecomment/${id}/file` })),
  ];
  const c = requirePermission(ctx, P.documentsRead);
  if (points.size > 0) {
    const docs = await readableDocuments(c.db, c.actor)
      .innerJoin('document_inspection_points as dip', 'dip.document_id', 'documents.id')
      .where('dip.inspection_point_id', 'in', [...points])
      .select(['documents.id', 'documents.name', 'documents.file_size'])
      .distinct()
      .orderBy('documents.name')
      .execute();
    for (const d of docs) files.push({ kind: 'document', id: d.id, path: `/api/v1/documentlibrary/${d.id}`, name: d.name, size: Number(d.file_size) });
  }
  return files;
}
