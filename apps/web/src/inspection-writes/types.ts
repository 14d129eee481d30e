import type { z } from 'zod';
import type {
  AuditTextField,
  TAuditDetailsInput,
  TAuditInspectorInput,
  TAuditRun,
  TPointResultSaved,
  TRunCreateInput,
  TSuggestion,
  TSuggestionEdit,
  ZPointResultInput,
  ZRunEquipmentInput,
  ZSuggestionInput,
  TInspectionEdit,
  TInspectionUpdateInput,
  TUploadedFile,
  ZInspectionCreate,
  ZInspectionFinished,
  ZResultsInput,
  ZResultsSaved,
} from '@insp/contracts';

export type TInspectionCreateIn = z.input<typeof ZInspectionCreate>;
export type TResultsInputIn = z.input<typeof ZResultsInput>;
export type TResultsSaved = z.infer<typeof ZResultsSaved>;
export type TInspectionFinished = z.infer<typeof ZInspectionFinished>;

export interface UploadOptions {
  /** Called with the share of the file's bytes sent so far, 0 to 1. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
  /** Sent as the `Idempotency-Key` header: the offline queue's client-made id, the same on every retry (issue 23). */
  idempotencyKey?: string;
}

/**
 * Every write the in-browser inspection makes (docs/decisions.md, "Client writes (issue 7)"). Screens take it
 * from `useInspectionWrites()` and never call the API's write endpoints themselves, so that a later issue can
 * put an offline queue behind this interface (writes kept on the device, sent when the network is back)
 * without touching a screen. The one implementation today, `directWrites`, calls the API at once.
 *
 * A queueing implementation must keep the answers' meaning: `uploadPhoto` resolves with an image id that later
 * saves may name, and the saves resolve with what the server answers (or a local equivalent of it). Every write
 * takes an idempotency key (issue 23: tRPC `clientRequestId`, REST `Idempotency-Key`): a queue makes one key per
 * write when the write is made and sends it on every try, so a retry is applied once and answered the same.
 */
export interface InspectionWrites extends AuditWrites {
  /** POST api/v1/images: one photo or signature (jpeg or png), 201 with its id. */
  uploadPhoto(file: Blob, fileName: string, options?: UploadOptions): Promise<TUploadedFile>;
  /** POST api/v1/voicecomment: one voice comment (m4a, aac, mp3, wav, ogg or webm), 201 with its id (issue 23). */
  uploadVoiceComment(file: Blob, fileName: string, options?: UploadOptions): Promise<TUploadedFile>;
  /** PUT api/v1/inspections/{id}/results: some results, without finishing (autosave). */
  saveResults(inspectionId: string, data: TResultsInputIn): Promise<TResultsSaved>;
  /** PUT api/v1/inspections/update?lang=&id=: the whole edited inspection (the server sets finished, 000 §4). */
  saveInspection(inspectionId: string, lang: string, data: TInspectionUpdateInput): Promise<TInspectionEdit>;
  /** PUT api/v1/inspections/{id}/finish. */
  finish(inspectionId: string): Promise<TInspectionFinished>;
  /** POST api/v1/inspections: starts an inspection; answers its edit data. */
  createInspection(data: TInspectionCreateIn): Promise<TInspectionEdit>;
  /** DELETE api/v1/inspections/{id}: its starter discards an In use start without results (soft, issue 20). */
  discardInspection(inspectionId: string): Promise<{ id: string }>;
  /**
   * The same writes, each shown as the status of one item on screen (a point, a text field): the offline queue
   * (issue 23) keys 'Saved on this device' / 'Sending…' / 'Saved' by it. Absent where nothing is shown (direct
   * writes, fakes): use `useItemWrites(item)`.
   */
  forItem?(item: string): InspectionWrites;
}

/** tRPC input of one audit procedure (the audit editor's writes, 000 §2.6, §7). */
type AuditIn<K extends keyof AuditProcedures> = AuditProcedures[K];
interface AuditProcedures {
  setText: { id: string; field: AuditTextField; text: string };
  setInspector: { id: string; data: TAuditInspectorInput };
  setDetails: { id: string; data: TAuditDetailsInput };
  setRunConfigurator: { id: string; runId: string; data: { equipmentConfigurator: unknown } };
  addRunExtraPoint: { id: string; runId: string; data: { inspectionPointId: string; name?: string } };
  addSuggestion: { id: string; data: z.input<typeof ZSuggestionInput> };
  editSuggestion: { id: string; suggestionId: string; data: TSuggestionEdit };
  addRun: { id: string; data: TRunCreateInput };
  changeRunEquipment: { id: string; runId: string; data: z.input<typeof ZRunEquipmentInput> };
  createResult: { id: string; runId: string; pointId: string; data: z.input<typeof ZPointResultInput> };
}

/**
 * Every write the audit editor makes (000 §2.6, §7), beside the inspection's in one module so the offline queue
 * of a later issue covers both. Each resolves with what the server answers (or a local equivalent of it).
 */
export interface AuditWrites {
  /** PUT api/v1/audits/{id}/{field}: comment, internalComment or summary (autosave). */
  /** `version`: the text's version the edit started from (issue 23); the server's answer then lists what it overwrote. */
  setAuditText(auditId: string, field: AuditTextField, text: string, version?: number): Promise<unknown>;
  /** PUT api/v1/audits/{id}/inspector. */
  setAuditInspector(auditId: string, data: AuditIn<'setInspector'>['data']): Promise<unknown>;
  /** PUT api/v1/audits/{id}/details: name, date and site (issue 20). */
  setAuditDetails(auditId: string, data: AuditIn<'setDetails'>['data']): Promise<unknown>;
  /** POST api/v1/audits/{id}/runs/{runId}/extraPoints (issue 20). */
  addRunExtraPoint(auditId: string, runId: string, data: AuditIn<'addRunExtraPoint'>['data']): Promise<unknown>;
  /** PUT api/v1/audits/{id}/runs/{runId}/equipmentConfigurator (issue 20). */
  setRunConfigurator(auditId: string, runId: string, data: AuditIn<'setRunConfigurator'>['data']): Promise<unknown>;
  /** POST api/v1/audits/{id}/suggestions (with sourceResultId: accepts a proposal). */
  addSuggestion(auditId: string, data: AuditIn<'addSuggestion'>['data']): Promise<TSuggestion>;
  /** PUT api/v1/audits/{id}/suggestions/{suggestionId}. */
  editSuggestion(auditId: string, suggestionId: string, data: AuditIn<'editSuggestion'>['data']): Promise<TSuggestion>;
  /** DELETE api/v1/audits/{id}/suggestions/{suggestionId}. */
  deleteSuggestion(auditId: string, suggestionId: string): Promise<unknown>;
  /** POST api/v1/audits/{id}/suggestions/proposals/{resultId}/dismiss. */
  dismissProposal(auditId: string, resultId: string): Promise<unknown>;
  /** POST api/v1/audits/{id}/runs: add, or clone with cloneRunId. */
  addRun(auditId: string, data: AuditIn<'addRun'>['data']): Promise<TAuditRun>;
  /** DELETE api/v1/audits/{id}/runs/{runId}. */
  deleteRun(auditId: string, runId: string): Promise<unknown>;
  /** PUT api/v1/audits/{id}/runs/{runId}/equipment. */
  changeRunEquipment(auditId: string, runId: string, data: AuditIn<'changeRunEquipment'>['data']): Promise<TAuditRun>;
  /** PUT api/v1/audits/{id}/runs/{runId}/includedInReport. */
  setRunIncluded(auditId: string, runId: string, included: boolean): Promise<unknown>;
  /** PUT api/v1/audits/{id}/runs/{runId}/protocol/{protocolId}. */
  changeRunProtocol(auditId: string, runId: string, protocolId: string): Promise<TAuditRun>;
  /** POST api/v1/audits/{id}/runs/{runId}/points/{pointId}/result: a result without id (000 §4). */
  createAuditResult(auditId: string, runId: string, pointId: string, data: AuditIn<'createResult'>['data']): Promise<TPointResultSaved>;
  /** PUT api/v1/audits/{id}/pointResults/{resultId}: a result with an id (000 §4). */
  updateAuditResult(auditId: string, resultId: string, data: AuditIn<'createResult'>['data']): Promise<TPointResultSaved>;
}
