import { z } from 'zod';
import {
  AuditTextFields, EDIT_LIMITS, PhotoLayouts, ZAuditCreate, ZAuditDetailsInput, ZAuditInspectorInput, ZAuditListQuery, ZAuditPointResultInput, ZId, ZRunConfiguratorInput, ZRunCreate, ZRunEquipmentInput, ZRunExtraPointInput,
  ZReportLang, ZSuggestionEdit, ZSuggestionInput, ZText, ZTimeZone,
} from '@insp/contracts';
import { authedProcedure, keyField, once, router } from '../../trpc/trpc.js';
import { createAudit } from './audit-create.service.js';
import { createAuditResult, setAuditPhoto, updateAuditResult } from './audit-results.service.js';
import { addRunExtraPoint, changeRunEquipment, extraPointChoices, changeRunProtocol, setRunConfigurator, setRunIncluded } from './audit-run-edit.service.js';
import { getAuditPreviousValues } from './audit-previous-values.service.js';
import { auditReportHtml } from './audit-report.service.js';
import { addRun, deleteRun } from './audit-runs.service.js';
import { addSuggestion, deleteSuggestion, dismissProposal, editSuggestion } from './audit-suggestions.service.js';
import { deleteAudit, getAudit, setAuditDetails, setAuditFinished, setAuditInspector, setAuditText } from './audit-write.service.js';
import { listAudits } from './audits-list.service.js';

const byId = z.object({ id: ZId });
const run = byId.extend({ runId: ZId });
const result = byId.extend({ resultId: ZId });

/** tRPC procedures for the audit screens (000 §2.5, §2.6), over the same services as the REST calls. */
export const auditsRouter = router({
  list: authedProcedure.input(ZAuditListQuery).query(({ ctx, input }) => listAudits(ctx, input)),
  get: authedProcedure.input(byId).query(({ ctx, input }) => getAudit(ctx, input.id)),
  previousValues: authedProcedure.input(byId).query(({ ctx, input }) => getAuditPreviousValues(ctx, input.id)),
  reportHtml: authedProcedure.input(byId.extend({ lang: ZReportLang, timeZone: ZTimeZone.optional() })).query(({ ctx, input }) => auditReportHtml(ctx, input.id, input.lang, input.timeZone)),
  create: authedProcedure.input(ZAuditCreate).mutation(({ ctx, input }) => createAudit(ctx, input)),
  setFinished: authedProcedure.input(byId.extend({ finished: z.boolean() })).mutation(({ ctx, input }) => setAuditFinished(ctx, input.id, input.finished)),
  delete: authedProcedure.input(byId).mutation(({ ctx, input }) => deleteAudit(ctx, input.id)),
  setText: authedProcedure
    .input(byId.extend({ field: z.enum(AuditTextFields), text: ZText.max(EDIT_LIMITS.longText), version: z.number().int().min(0).max(2_147_483_647).optional(), ...keyField }))
    .mutation(({ ctx, input }) => once(ctx, 'audit.setText', input, (c) => setAuditText(c, input.id, input.field, input.text, input.version))),
  setInspector: authedProcedure.input(byId.extend({ data: ZAuditInspectorInput, ...keyField })).mutation(({ ctx, input }) => once(ctx, 'audit.setInspector', input, (c) => setAuditInspector(c, input.id, input.data))),
  extraPointChoices: authedProcedure.query(({ ctx }) => extraPointChoices(ctx)),
  addRunExtraPoint: authedProcedure.input(run.extend({ data: ZRunExtraPointInput, ...keyField })).mutation(({ ctx, input }) => once(ctx, 'audit.addRunExtraPoint', input, (c) => addRunExtraPoint(c, input.id, input.runId, input.data))),
  setRunConfigurator: authedProcedure.input(run.extend({ data: ZRunConfiguratorInput, ...keyField }))
    .mutation(({ ctx, input }) => once(ctx, 'audit.setRunConfigurator', input, (c) => setRunConfigurator(c, input.id, input.runId, input.data.equipmentConfigurator))),
  setDetails: authedProcedure.input(byId.extend({ data: ZAuditDetailsInput, ...keyField })).mutation(({ ctx, input }) => once(ctx, 'audit.setDetails', input, (c) => setAuditDetails(c, input.id, input.data))),
  addSuggestion: authedProcedure.input(byId.extend({ data: ZSuggestionInput, ...keyField })).mutation(({ ctx, input }) => once(ctx, 'audit.addSuggestion', input, (c) => addSuggestion(c, input.id, input.data))),
  editSuggestion: authedProcedure
    .input(byId.extend({ suggestionId: ZId, data: ZSuggestionEdit, ...keyField }))
    .mutation(({ ctx, input }) => once(ctx, 'audit.editSuggestion', input, (c) => editSuggestion(c, input.id, input.suggestionId, input.data))),
  deleteSuggestion: authedProcedure.input(byId.extend({ suggestionId: ZId, ...keyField })).mutation(({ ctx, input }) => once(ctx, 'audit.deleteSuggestion', input, (c) => deleteSuggestion(c, input.id, input.suggestionId))),
  dismissProposal: authedProcedure.input(result.extend(keyField)).mutation(({ ctx, input }) => once(ctx, 'audit.dismissProposal', input, (c) => dismissProposal(c, input.id, input.resultId))),
  addRun: authedProcedure.input(byId.extend({ data: ZRunCreate, ...keyField })).mutation(({ ctx, input }) => once(ctx, 'audit.addRun', input, (c) => addRun(c, input.id, input.data))),
  deleteRun: authedProcedure.input(run.extend(keyField)).mutation(({ ctx, input }) => once(ctx, 'audit.deleteRun', input, (c) => deleteRun(c, input.id, input.runId))),
  changeRunEquipment: authedProcedure.input(run.extend({ data: ZRunEquipmentInput, ...keyField })).mutation(({ ctx, input }) => once(ctx, 'audit.changeRunEquipment', input, (c) => changeRunEquipment(c, input.id, input.runId, input.data))),
  setRunIncluded: authedProcedure.input(run.extend({ includedInReport: z.boolean(), ...keyField })).mutation(({ ctx, input }) => once(ctx, 'audit.setRunIncluded', input, (c) => setRunIncluded(c, input.id, input.runId, input.includedInReport))),
  changeRunProtocol: authedProcedure.input(run.extend({ protocolId: ZId, ...keyField })).mutation(({ ctx, input }) => once(ctx, 'audit.changeRunProtocol', input, (c) => changeRunProtocol(c, input.id, input.runId, input.protocolId))),
  createResult: authedProcedure
    .input(run.extend({ pointId: ZId, data: ZAuditPointResultInput, ...keyField }))
    .mutation(({ ctx, input }) => once(ctx, 'audit.createResult', input, (c) => createAuditResult(c, input.id, input.runId, input.pointId, input.data))),
  updateResult: authedProcedure.input(result.extend({ data: ZAuditPointResultInput, ...keyField })).mutation(({ ctx, input }) => once(ctx, 'audit.updateResult', input, (c) => updateAuditResult(c, input.id, input.resultId, input.data))),
  setPhotoCaption: authedProcedure
    .input(result.extend({ imageId: ZId, caption: ZText.trim().max(500) }))
    .mutation(({ ctx, input }) => setAuditPhoto(ctx, input.id, input.resultId, input.imageId, { caption: input.caption })),
  setPhotoLayout: authedProcedure
    .input(result.extend({ imageId: ZId, layout: z.enum(PhotoLayouts) }))
    .mutation(({ ctx, input }) => setAuditPhoto(ctx, input.id, input.resultId, input.imageId, { layout: input.layout })),
});

