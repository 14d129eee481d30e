import type { TInspectionEdit, TV1Inspection, TV1InspectionReport, TV1InspectionUpdate } from '@insp/contracts';
import { badField } from './inspection-edit.save.js';
import type { TInspectionSave } from './inspection-update.service.js';

/**
 * The REST v1 shapes of an inspection (spec 000 §3; contracts inspection-v1.ts) over the one the services answer and
 * take (ZInspectionEdit, the web app's over tRPC). Decisions: docs/decisions.md, 'The field app's payloads'.
 */

export function toV1Report(e: TInspectionEdit): TV1InspectionReport {
  const { summary, contactName, contactPhoneNumber, contactEmail, serialNumber, nickName, type, equipmentConfigurator, ...rest } = e;
  return {
    ...rest,
    type: { name: type },
    content: {
      summary, inspectionDate: e.inspectionDate, inspector: e.inspector, inspectorContact: e.inspectorContact, customer: e.customer,
      contactName, contactPhoneNumber, contactEmail,
      equipment: {
        id: e.equipmentId, serialNumber, nickName,
        productFamilyId: e.productFamilyId, productFamilyName: e.productFamilyName, productModelId: e.productModelId, productModelName: e.productModelName,
      },
    },
    equipmentConfigurator,
  };
}

/** The full inspection of GET web: `equipmentConfig` (000 §3: "held as equipmentConfigurator while editing"). */
export function toV1Inspection(e: TInspectionEdit): TV1Inspection {
  const { equipmentConfigurator, ...report } = toV1Report(e);
  return { ...report, equipmentConfig: equipmentConfigurator };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A value sent twice (top-level `inspector` and `content.inspector`; `equipmentConfig` and `equipmentConfigurator`):
 * a client edits one and sends the other back as it read it, so the one that differs from what is stored is the
 * edit. Both changed, and differently, is a 400 naming the first: never one of two edits dropped in silence.
 */
function editedOf<T>(field: string, other: string, a: T | undefined, b: T | undefined, stored: T): T | undefined {
  if (a === undefined) return b;
  if (b === undefined || sameJson(a, b)) return a;
  if (sameJson(a, stored)) return b;
  if (sameJson(b, stored)) return a;
  throw badField(field, `differs from ${other}; change one of them, or both alike`);
}

/**
 * PUT api/v1/inspections/update in the v1 shapes → what updateInspection saves. The server's own fields (identity,
 * status, rating, customer, machine, point configuration) are read and ignored; a part not sent is kept as stored
 * (texts, contact, signatures, findings, priority actions, a point's internal comment, the configurator).
 */
export function fromV1Update(id: string, body: TV1InspectionUpdate, stored: TInspectionEdit): TInspectionSave {
  if (body.id && body.id !== id) throw badField('id', 'differs from the id in the query');
  const c = body.content ?? {};
  return {
    finished: body.finished,
    inspectionDate: editedOf('inspectionDate', 'content.inspectionDate', body.inspectionDate, c.inspectionDate, stored.inspectionDate),
    inspector: editedOf('inspector', 'content.inspector', body.inspector, c.inspector, stored.inspector),
    inspectorContact: editedOf('inspectorContact', 'content.inspectorContact', body.inspectorContact, c.inspectorContact, stored.inspectorContact),
    started: body.started,
    ended: body.ended,
    summary: c.summary,
    contactName: c.contactName,
    contactPhoneNumber: c.contactPhoneNumber,
    contactEmail: c.contactEmail,
    version: body.version,
    comment: body.comment,
    internalComment: body.internalComment,
    equipmentConfigurator: editedOf('equipmentConfig', 'equipmentConfigurator', body.equipmentConfig, body.equipmentConfigurator, stored.equipmentConfigurator),
    customerSignature: body.customerSignature,
    providerSignature: body.providerSignature,
    sendEmail: body.sendEmail ?? false,
    emailLanguage: body.emailLanguage,
    findings: body.findings,
    priorityActions: body.priorityActions,
    categories: (body.categories ?? []).map((cat) => ({
      id: cat.id,
      inspectionPoints: cat.inspectionPoints.map((p) => ({ protocolPointId: p.protocolPointId, content: p.content })),
    })),
    extraPoints: (body.extraPoints ?? []).map((e) => ({ id: e.id, inspectionPointId: e.inspectionPointId, name: e.name, content: e.content })),
  };
}
