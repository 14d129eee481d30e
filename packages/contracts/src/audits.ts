import { z } from 'zod';
import { readOnlyEcho, ZId, ZListQuery, ZText } from './common.js';
import { AuditRunProtocolTypes, PhotoLayouts, RunStages, SuggestionTypes } from './domain-enums.js';
import { ZReportLang, type TReportData } from './report.js';
import { ZTimeZone } from './time-zones.js';
import { EDIT_LIMITS, ZEditExtraPoint, ZEquipmentConfigurator, ZEditPoint, ZInspectionEquipmentInput, ZOverwritten, ZPointResult, ZPointResultInput, ZPreviousValue, ZTextVersion } from './inspection-edit.js';

/**
 * Audits (spec 000 §2.5, §2.6, §3, §4, §7, §9): the list, the audit editor's data, and the small writes the editor
 * autosaves. Dates are epoch milliseconds. Decisions: docs/decisions.md, "Audits (issue 8)".
 */

const short = ZText.trim().max(EDIT_LIMITS.shortText);
const long = ZText.max(EDIT_LIMITS.longText);
const flag = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v), z.boolean());
/**
 * A bare value as the spec sends it ("text", true; JSON or text/plain), or the same inside an object
 * ({ "text": "..." }), like the inspections' status body; the value is answered under `key`, and errors name it.
 */
const bare = <K extends string, T extends z.ZodType>(key: K, schema: T) =>
  z.preprocess((v) => (v === null || typeof v !== 'object' || Array.isArray(v) ? { [key]: v } : v), z.object({ [key]: schema } as { [P in K]: T }));
const bool = <K extends string>(key: K) => bare(key, z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'must be true or false' })));

/** 000 §3 list query; §9 defaults: inspectionDate descending, mineOnly false. */
export const ZAuditListQuery = ZListQuery.extend({ mineOnly: flag.default(false) });
/**
 * The list's sort keys (the server sorts exactly these; another orderKey is a 400). customerName/customer and
 * finished/status are pairs: the web's column sources and the words a client would use (issue 20).
 */
export const AUDIT_SORT_KEYS = ['inspectionDate', 'name', 'inspector', 'customerName', 'customer', 'finished', 'status'] as const;
export type TAuditSortKey = (typeof AUDIT_SORT_KEYS)[number];
export type TAuditListQuery = z.infer<typeof ZAuditListQuery>;

/** A row of /Audits (000 §2.5): name, customer, inspection date, inspector, status (open or finished). */
export const ZAuditListItem = z.object({
  id: ZId,
  name: z.string(),
  customerId: ZId.nullable(),
  customerName: z.string().nullable(),
  siteName: z.string().nullable(),
  inspectionDate: z.number(),
  inspector: z.string(),
  inspectorContact: z.string(),
  finished: z.boolean(),
});
export type TAuditListItem = z.infer<typeof ZAuditListItem>;

/** An inspector's e-mail, or empty: the same rule when an audit is created and when its inspector changes. */
// A union, not a refine, so the OpenAPI document says it too ('' or an e-mail address).
const inspectorEmail = z.union([z.literal(''), short.pipe(z.email())], { error: 'must be an e-mail address' });

/** POST api/v1/audits (not in the spec): customer, site, inspection date (default now), inspector (default the caller). */
export const ZAuditCreate = z.object({
  customerId: ZId,
  customerSiteId: ZId.nullish().transform((v) => v ?? null),
  inspectionDate: z.number().int().min(0).max(8_640_000_000_000_000).optional(),
  inspector: short.min(1).optional(),
  inspectorContact: inspectorEmail.optional(),
  name: short.min(1).optional(),
});
export type TAuditCreate = z.output<typeof ZAuditCreate>;

/** PUT api/v1/audits/{id}/finished: true finishes, false reopens (000 §4). */
export const ZAuditFinishedInput = bool('finished');
/** The text fields of PUT api/v1/audits/{id}/{field} (000 §7); any other field is a 404. */
export const AuditTextFields = ['comment', 'internalComment', 'summary'] as const;
export type AuditTextField = (typeof AuditTextFields)[number];
/**
 * A JSON string, text/plain, or `{text, version?}`. Issue 23: `version` is the text's version the edit started from
 * (as read in the audit's `textVersions`); a newer stored one means someone else's text was overwritten, and the
 * answer says so in `overwritten`.
 */
export const ZAuditTextInput = z.preprocess(
  (v) => (v === null || typeof v !== 'object' || Array.isArray(v) ? { text: v } : v),
  z.object({ text: long, version: z.number().int().min(0).max(2_147_483_647).optional() }),
);
/** PUT api/v1/audits/{id}/{field}'s answer: the text saved, its new version stamp and what it overwrote. */
export const ZAuditTextSaved = z.object({
  id: ZId,
  field: z.enum(AuditTextFields),
  text: z.string(),
  version: z.number().int().optional(),
  updatedAt: z.number().optional(),
  updatedBy: z.string().nullable().optional(),
  overwritten: z.array(ZOverwritten).optional(),
});
export type TAuditTextSaved = z.infer<typeof ZAuditTextSaved>;
/** The change-inspector modal (000 §2.6): inspector name and inspector e-mail (may be left empty). */
export const ZAuditInspectorInput = z.object({
  inspector: short.min(1, 'is required'),
  inspectorContact: inspectorEmail.default(''),
});
export type TAuditInspectorInput = z.output<typeof ZAuditInspectorInput>;

/** PUT api/v1/audits/{id}/details (issue 20, ours): the audit's name, date and site (of its customer; null: none). */
export const ZAuditDetailsInput = z.object({
  name: short.min(1, 'is required'),
  inspectionDate: z.number().int().min(0).max(8_640_000_000_000_000),
  customerSiteId: ZId.nullable(),
});
export type TAuditDetailsInput = z.output<typeof ZAuditDetailsInput>;

/** A suggestion; `sourceResultId` accepts the proposal of that point result (issue 8: ratings drive action points). */
export const ZSuggestionInput = z.object({ type: z.enum(SuggestionTypes), text: long, sourceResultId: ZId.nullish().transform((v) => v ?? undefined) });
export type TSuggestionInput = z.output<typeof ZSuggestionInput>;
/** PUT suggestions/{id}: the text (000 §7), as a bare string or { text, type? } (moving it to another list). */
export const ZSuggestionEdit = z.preprocess(
  (v) => (typeof v === 'string' ? { text: v } : v),
  // `id` as GET answered the suggestion may come back; the call checks it is the one of the path.
  z.object({ text: long, type: z.enum(SuggestionTypes).optional(), id: readOnlyEcho(ZId) }),
);
export type TSuggestionEdit = z.output<typeof ZSuggestionEdit>;
export const ZSuggestion = z.object({ id: ZId, type: z.enum(SuggestionTypes), text: z.string() });
export type TSuggestion = z.infer<typeof ZSuggestion>;
/**
 * A short-term suggestion the audit proposes for a point rated 'To be repaired or replaced' or 'Immediate action',
 * prefilled with the equipment, point and comment, until the auditor accepts (POST suggestions with sourceResultId)
 * or dismisses it (POST suggestions/proposals/{resultId}/dismiss); a decided proposal does not come back.
 */
export const ZSuggestionProposal = z.object({ resultId: ZId, runId: ZId, rating: z.enum(['Repair', 'ImmediateAction']), type: z.literal('ShortTerm'), text: z.string() });
export type TSuggestionProposal = z.infer<typeof ZSuggestionProposal>;

/** Equipment of a run: an existing machine by id, else a model with a serial number or a nickname (000 §5), as inspections take it. */
export const ZRunEquipmentInput = ZInspectionEquipmentInput;
export type TRunEquipmentInput = z.output<typeof ZRunEquipmentInput>;

const SITE_RUN_KINDS = ['Audit_Site', 'Audit_Site_Operational'] as const;
/** Every run type a client may send: site kinds alone, machine kinds with a stage ('Audit_Machine:stage_1'), 000 §3. */
export const ProtocolRunTypes = AuditRunProtocolTypes.flatMap((kind) =>
  (SITE_RUN_KINDS as readonly string[]).includes(kind) ? [kind] : RunStages.map((stage) => `${kind}:${stage}`),
) as [string, ...string[]];
export const ZProtocolRunType = z.enum(ProtocolRunTypes).transform((v) => {
  const [kind, stage] = v.split(':');
  return { kind: kind as (typeof AuditRunProtocolTypes)[number], stage: (stage ?? null) as (typeof RunStages)[number] | null, value: v };
});

/** POST api/v1/audits/{id}/runs (000 §3 payload): add, or clone (cloneRunId; the source's protocol counts, §5). */
export const ZRunCreate = z.object({
  protocolId: ZId.nullish().transform((v) => v ?? undefined),
  protocolRunType: ZProtocolRunType,
  equipment: ZRunEquipmentInput.nullish().transform((v) => v ?? undefined),
  cloneRunId: ZId.nullish().transform((v) => v ?? undefined),
});
export type TRunCreate = z.output<typeof ZRunCreate>;
export type TRunCreateInput = z.input<typeof ZRunCreate>;

export const ZIncludedInReportInput = bool('includedInReport');
/**
 * Issue 20: the product categories (by name, as the reference data and the MDM import name them) whose machines each
 * kind of machine run audits: a crusher run takes crushers, a screen run screens. Used by the add-run and
 * change-equipment dialogs and checked by the server; where no category of these names exists, any family is taken.
 */
export const AUDIT_KIND_CATEGORIES: Readonly<Record<string, readonly string[]>> = {
  Audit_Machine: ['Crushers'], Audit_Quick: ['Crushers'], Equipment_Configurator: ['Crushers'], Audit_Screen: ['Screens'],
};

/** POST api/v1/audits/{id}/runs/{runId}/extraPoints (issue 20, ours): a library point added to the run, under its own name unless named. */
export const ZRunExtraPointInput = z.object({ inspectionPointId: ZId, name: short.optional() });
export type TRunExtraPointInput = z.output<typeof ZRunExtraPointInput>;
export const ZExtraPointChoice = z.object({ inspectionPointId: ZId, name: z.string(), type: z.string() });
export type TExtraPointChoice = z.infer<typeof ZExtraPointChoice>;
/** PUT api/v1/audits/{id}/runs/{runId}/equipmentConfigurator (issue 20, ours): a configurator run's items, as an inspection's. */
export const ZRunConfiguratorInput = z.object({ equipmentConfigurator: ZEquipmentConfigurator.nullable() });
export const ZPhotoCaptionInput = bare('caption', short);
export const ZPhotoLayoutInput = bare('layout', z.enum(PhotoLayouts));
export const ZAuditPointResultInput = ZPointResultInput;

export const ZRunEquipment = z.object({
  id: ZId.nullable(),
  productFamilyId: ZId.nullable(),
  productModelId: ZId.nullable(),
  serialNumber: z.string().nullable(),
  nickName: z.string().nullable(),
  customerSiteId: ZId.nullable(),
  productFamilyName: z.string().nullable(),
  productModelName: z.string().nullable(),
});
export type TRunEquipment = z.infer<typeof ZRunEquipment>;

/** 000 §3 Protocol run. `configuratorRunId`/`machineRunId` pair a machine run with its configurator run (§4 matching). */
export const ZAuditRun = z.object({
  id: ZId,
  protocolType: z.string(),
  protocolRunType: z.string(),
  stage: z.enum(RunStages).nullable(),
  runIndex: z.number().int(),
  inspectionProtocolId: ZId.nullable(),
  inspectionProtocolName: z.string().nullable(),
  equipment: ZRunEquipment.nullable(),
  includedInReport: z.boolean(),
  configuratorRunId: ZId.nullable(),
  machineRunId: ZId.nullable(),
  categories: z.array(z.object({ id: ZId, title: z.string(), index: z.number().int(), inspectionPoints: z.array(ZEditPoint) })),
  extraPoints: z.array(ZEditExtraPoint),
  equipmentConfigurator: z.unknown().nullable(),
});
export type TAuditRun = z.infer<typeof ZAuditRun>;

/** GET api/v1/audits/{id}: the editor's data (000 §2.6, §3 Audit). */
export const ZAudit = z.object({
  id: ZId,
  name: z.string(),
  customer: z.object({ id: ZId, name: z.string() }).nullable(),
  customerSite: z.object({ id: ZId, name: z.string() }).nullable(),
  inspectionDate: z.number(),
  inspector: z.string(),
  inspectorContact: z.string(),
  contactName: z.string().nullable(),
  contactPhoneNumber: z.string().nullable(),
  contactEmail: z.string().nullable(),
  finished: z.boolean(),
  comment: z.string(),
  internalComment: z.string(),
  summary: z.string(),
  /** Issue 23: the version stamp of each text written since versions are kept (absent: never written since). */
  textVersions: z.object({ comment: ZTextVersion.optional(), internalComment: ZTextVersion.optional(), summary: ZTextVersion.optional() }).optional(),
  suggestions: z.array(ZSuggestion),
  proposals: z.array(ZSuggestionProposal),
  inspectionProtocolRuns: z.array(ZAuditRun),
});
export type TAudit = z.infer<typeof ZAudit>;

export const ZAuditPointResult = ZPointResult;

/** GET api/v1/audits/{id}/reporthtml and reportpdf?lang=: the audit report of the runs included in it (000 §7). */
export const ZAuditReportQuery = z.object({ lang: ZReportLang });
/** GET api/v1/audits/{id}/reporthtml: also `timeZone`, printing in that zone instead of the report's (as ZReportHtmlQuery). */
export const ZAuditReportHtmlQuery = ZAuditReportQuery.extend({ timeZone: ZTimeZone.optional() });

/** What the audit report renders (packages/report): the audit, its suggestions, and each included run's report data. */
export interface TAuditReportData {
  audit: {
    id: string; name: string; customer: string | null; site: string | null; contactName: string | null; contactPhone: string | null; contactEmail: string | null;
    inspectionDate: number; inspector: string; inspectorContact: string; finished: boolean; summary: string; comment: string;
    /** IANA zone of the dates and times, as a report's header.timeZone (issue 20). */
    timeZone: string;
  };
  suggestions: { type: (typeof SuggestionTypes)[number]; text: string }[];
  runs: { id: string; kind: string; stage: (typeof RunStages)[number] | null; protocolName: string | null; report: TReportData }[];
}

/**
 * tRPC audits.previousValues, GET api/v1/audits/{id}/previousValues: per run of the audit that has any, its measured
 * points' previous values on the run's machine (earlier inspections and audits, never another run of this audit).
 */
export const ZAuditPreviousValues = z.object({ runs: z.array(z.object({ runId: z.string(), points: z.array(ZPreviousValue) })) });
export type TAuditPreviousValues = z.infer<typeof ZAuditPreviousValues>;
