import { z } from 'zod';
import { acceptingEchoes, ZId, ZText } from './common.js';
import { ZStartEquipment } from './inspection-start.js';
import {
  EDIT_LIMITS,
  ZEditExtraPoint,
  ZEditPoint,
  ZEquipmentConfigurator,
  ZExtraPointInput,
  ZFindingInput,
  ZContactEmail,
  ZEmailLanguage,
  ZInspectionEdit,
  ZInspectionFieldVersions,
  ZInspectionPartVersions,
  ZFinding,
  ZPriorityAction,
  ZPointResultInput,
  ZPriorityActionInput,
} from './inspection-edit.js';

/**
 * The inspection as the REST v1 calls answer and take it: the shapes of spec 000 §3 that existing field clients use
 * (issue 20, 'The field app's payloads'). The web app keeps the flat ZInspectionEdit over tRPC; the API turns one into
 * the other (services/api inspection-v1.adapter.ts). Decisions: docs/decisions.md, 'The field app's payloads'.
 *
 * - Inspection report (GET editDetails, PUT update, POST inspections): `type` is an object with a `name`; `content`
 *   nests summary, inspectionDate, inspector, inspectorContact, customer, the contact and `equipment.serialNumber`.
 * - Full inspection (GET web): the same with `equipmentConfig` where the report has `equipmentConfigurator`, and no
 *   internal comments.
 * - Update (PUT update): takes either of them back as it was read: every field they answer is known, the server's
 *   own ones (identity, status, customer, equipment, point configuration) are read and ignored, a field the server
 *   does not know is a 400 naming it (rest/strict-bodies.ts).
 */

const epoch = z.number().int().min(0).max(8_640_000_000_000_000);
const short = ZText.max(EDIT_LIMITS.shortText);
const long = ZText.max(EDIT_LIMITS.longText);

/** The machine of `content.equipment`: the start picker's equipment, its id null when the machine record is gone. */
export const ZV1Equipment = ZStartEquipment.extend({ id: ZId.nullable() });

/** 000 §3 Inspection report `content`: the info box. */
export const ZV1ReportContent = z.object({
  summary: z.string(),
  inspectionDate: epoch,
  inspector: z.string(),
  inspectorContact: z.string(),
  customer: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhoneNumber: z.string().nullable(),
  contactEmail: z.string().nullable(),
  equipment: ZV1Equipment,
});

const { summary: _s, contactName: _n, contactPhoneNumber: _p, contactEmail: _e, serialNumber: _sn, nickName: _nn, type: _t, equipmentConfigurator: _c, ...kept } = ZInspectionEdit.shape;

/** 000 §3 Inspection report: GET api/v1/inspections/{id}/editDetails and the answer of every save. */
export const ZV1InspectionReport = z.object({
  ...kept,
  type: z.object({ name: z.string() }),
  content: ZV1ReportContent,
  equipmentConfigurator: z.unknown().nullable(),
});
export type TV1InspectionReport = z.infer<typeof ZV1InspectionReport>;

/** 000 §3 Inspection (editable/full): GET api/v1/inspections/{id}/web. */
export const ZV1Inspection = ZV1InspectionReport.omit({ equipmentConfigurator: true }).extend({ equipmentConfig: z.unknown().nullable() });
export type TV1Inspection = z.infer<typeof ZV1Inspection>;

/** A result sent back; without `internalComment` (GET web has none) the stored one is kept. */
const ZV1ResultInput = ZPointResultInput.extend({ internalComment: long.nullish() });
/** A category point sent back: its result is saved; its configuration, as read, is known and ignored. */
const ZV1PointInput = acceptingEchoes(z.object({ protocolPointId: ZId, content: ZV1ResultInput }), ZEditPoint);
const ZV1ExtraPointInput = acceptingEchoes(ZExtraPointInput.extend({ content: ZV1ResultInput }), ZEditExtraPoint);
const ZV1CategoryInput = acceptingEchoes(
  z.object({ id: ZId, inspectionPoints: z.array(ZV1PointInput).max(EDIT_LIMITS.pointsPerCategory).default([]) }),
  ZV1InspectionReport.shape.categories.element,
);

/** `content` sent back: the info box's texts are saved; the customer and the machine are the server's. */
const ZV1ContentInput = acceptingEchoes(
  z.object({
    summary: long.optional(),
    inspectionDate: epoch.optional(),
    inspector: short.optional(),
    inspectorContact: short.optional(),
    contactName: ZText.max(EDIT_LIMITS.shortText).nullish(),
    contactPhoneNumber: ZText.max(100).nullish(),
    contactEmail: ZContactEmail.optional(),
  }),
  ZV1ReportContent,
);

/**
 * Body of PUT api/v1/inspections/update in the v1 shapes: what GET web or editDetails answered, edited. Every part
 * is optional: a part not sent is kept as stored (GET web has no internal comments; sending it back keeps them).
 * The fields the server owns are taken back as read (`readOnly` in the OpenAPI document) and ignored.
 */
export const ZV1InspectionUpdate = acceptingEchoes(
  z.object({
    id: ZId.optional(),
    finished: z.boolean().optional(),
    content: ZV1ContentInput.optional(),
    inspectionDate: epoch.optional(),
    inspector: short.optional(),
    inspectorContact: short.optional(),
    started: epoch.nullish(),
    ended: epoch.nullish(),
    version: ZText.max(100).nullish(),
    categories: z.array(ZV1CategoryInput).max(EDIT_LIMITS.categories).optional(),
    extraPoints: z.array(ZV1ExtraPointInput).max(EDIT_LIMITS.extraPoints).optional(),
    // Issue 23: an item sent back as read carries its version stamp, read-only (partVersions names the bases).
    findings: z.array(acceptingEchoes(ZFindingInput, ZFinding)).max(EDIT_LIMITS.findings).optional(),
    priorityActions: z.array(acceptingEchoes(ZPriorityActionInput, ZPriorityAction)).max(EDIT_LIMITS.priorityActions).optional(),
    equipmentConfigurator: ZEquipmentConfigurator.nullish(),
    equipmentConfig: ZEquipmentConfigurator.nullish(),
    comment: long.optional(),
    internalComment: long.optional(),
    customerSignature: ZId.nullish(),
    providerSignature: ZId.nullish(),
    sendEmail: z.boolean().optional(),
    emailLanguage: ZEmailLanguage,
    /** Issue 23: base versions of the texts changed (as in ZInspectionUpdate; keys by the flat names of `textVersions`). */
    fieldVersions: ZInspectionFieldVersions.optional(),
    /** Issue 23: base versions of the dates, signatures, configurator, findings and priority actions changed (as in ZInspectionUpdate). */
    partVersions: ZInspectionPartVersions.optional(),
  }),
  ZV1InspectionReport,
).superRefine((v, ctx) => {
  const n = (v.categories ?? []).reduce((a, c) => a + c.inspectionPoints.length, 0) + (v.extraPoints ?? []).length;
  if (n > EDIT_LIMITS.results) ctx.addIssue({ code: 'custom', path: ['categories'], message: `too many points (at most ${EDIT_LIMITS.results} in one save)` });
});
export type TV1InspectionUpdate = z.output<typeof ZV1InspectionUpdate>;
