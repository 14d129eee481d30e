import type { TInspectionEdit, TV1Inspection, TV1InspectionReport, TV1InspectionUpdate } from '@insp/contracts';
import { badField } from './inspection-edit.save.js';
import type { TInspectionSave } from './inspection-update.service.js';
import { sameJson } from '../../lib/canonical-json.js';

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
    // A command, not a state: true in a save mails the report. Answered false, so a client sending back what it read
    // never mails the customer again (the stored flag stays on the tRPC shape for the web form).
    sendEmail: false,
  };
}

/** The full inspection of GET web: `equipmentConfig` (000 §3: "held as equipmentConfigurator while editing"). */
export function toV1Inspection(e: TInspectionEdit): TV1Inspection {
  const { equipmentConfigurator, ...report } = toV1Report(e);
  return { ...report, equipmentConfig: equipmentConfigurator };
}


/**
 * Read-only values a client could mean to change (the customer, the machine, the report's name and type): sent with
 * another value than the stored one, a 400 says where they are changed, rather than a 200 that changed nothing.
 * Status and rating are left out: they change through their own calls, and a copy read before such a change is
 * stale, not an edit.
 */
function refuseChangedReadOnly(body: TV1InspectionUpdate, stored: TV1InspectionReport) {
  const checks: [string, unknown, unknown][] = [
    ['name', body.name, stored.name],
    ['type.name', body.type?.name, stored.type.name],
    ['customer', body.customer, stored.customer],
    ['productFamilyName', body.productFamilyName, stored.productFamilyName],
    ['productModelName', body.productModelName, stored.productModelName],
    ['content.customer', body.content?.customer, stored.content.customer],
    ...Object.entries(body.content?.equipment ?? {}).map(([k, v]): [string, unknown, unknown] => [`content.equipment.${k}`, v, stored.content.equipment[k as keyof typeof stored.content.equipment]]),
  ];
  for (const [field, sent, kept] of checks) {
    if (sent !== undefined && !sameJson(sent, kept)) throw badField(field, 'is read-only here: the customer, the machine and the report type are set when the inspection starts');
  }
}

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
  refuseChangedReadOnly(body, toV1Report(stored));
  const c = body.content ?? {};
  const storedExtraNames = new Map(stored.extraPoints.map((e) => [e.id, e.name]));
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
    ...(body.fieldVersions ? { fieldVersions: body.fieldVersions } : {}),
    ...(body.partVersions ? { partVersions: body.partVersions } : {}),
    findings: body.findings,
    priorityActions: body.priorityActions,
    categories: (body.categories ?? []).map((cat) => ({
      id: cat.id,
      inspectionPoints: cat.inspectionPoints.map((p) => ({ protocolPointId: p.protocolPointId, content: p.content })),
    })),
    // An extra point's name sent back as answered is no rename (it would pin the library's name on it).
    extraPoints: (body.extraPoints ?? []).map((e) => ({ id: e.id, inspectionPointId: e.inspectionPointId, name: e.id && e.name === storedExtraNames.get(e.id) ? '' : e.name, content: e.content })),
  };
}
