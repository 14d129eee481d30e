import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  AuditTextFields, listResponse, PhotoLayouts, ZAuditCreate, ZAuditPreviousValues, ZAuditFinishedInput, ZAuditDetailsInput, ZAuditInspectorInput, ZAuditListItem, ZAuditListQuery,
  ZAuditPointResultInput, ZAuditTextInput, ZAuditTextSaved, ZV1Audit, ZV1AuditRun, ZId, ZIncludedInReportInput, ZPhotoCaptionInput, ZPhotoLayoutInput, ZPointResultSaved,
  ZExtraPointChoice, ZRunConfiguratorInput, ZRunCreate, ZRunEquipmentInput, ZRunExtraPointInput, ZSuggestion, ZSuggestionEdit, ZSuggestionInput, ZText, type AuditTextField,
} from '@insp/contracts';
import { badField, notFound } from '../../errors.js';
import { answerOnce, keyedWrite } from '../../rest/keyed-route.js';
import { typed } from '../../rest/route-helpers.js';
import { createAudit } from './audit-create.service.js';
import { getAuditPreviousValues } from './audit-previous-values.service.js';
import { createAuditResult, setAuditPhoto, updateAuditResult } from './audit-results.service.js';
import { addRunExtraPoint, changeRunEquipment, extraPointChoices, changeRunProtocol, setRunConfigurator, setRunIncluded } from './audit-run-edit.service.js';
import { addRun, deleteRun } from './audit-runs.service.js';
import { addSuggestion, deleteSuggestion, dismissProposal, editSuggestion } from './audit-suggestions.service.js';
import { deleteAudit, getAudit, setAuditDetails, setAuditFinished, setAuditInspector, setAuditText } from './audit-write.service.js';
import { listAudits } from './audits-list.service.js';
import { toV1Audit, toV1Run } from './audit-v1.adapter.js';

const tags = ['audits'];
const params = z.object({ id: ZId });
const runParams = params.extend({ runId: ZId });
const resultParams = params.extend({ resultId: ZId });
const photoParams = resultParams.extend({ imageId: ZId });
const ok = z.object({ id: ZId });
const photo = z.object({ id: ZId, imageId: ZId, caption: z.string(), layout: z.enum(PhotoLayouts) });

/** The audit calls of spec 000 §7 at their exact paths, plus POST api/v1/audits (docs/decisions.md, "Audits (issue 8)"). */
export async function auditsRestRoutes(app: FastifyInstance) {
  const r = typed(app);
  // Text and boolean bodies are bare values ("text", true); clients may send them as text/plain too.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  r.get('/api/v1/audits', {
    schema: { tags, summary: 'Audit list (staff only): search, sort by inspectionDate (default, desc), name or inspector, pages; mineOnly for My page', querystring: ZAuditListQuery, response: { 200: listResponse(ZAuditListItem) } },
    handler: (req) => listAudits(req.ctx, req.query),
  });
  r.post('/api/v1/audits', {
    schema: { tags, summary: 'Starts an open audit of a customer and site, with its Audit_Site and Audit_Site_Operational runs', body: ZAuditCreate, response: { 201: ZV1Audit } },
    handler: async (req, reply) => reply.status(201).send(toV1Audit(await createAudit(req.ctx, req.body))),
  });
  r.get('/api/v1/audits/extraPointChoices', {
    schema: { tags, summary: "The points 'Add extra point' offers: those of the live Extra points protocols (issue 20)", response: { 200: z.array(ZExtraPointChoice) } },
    handler: (req) => extraPointChoices(req.ctx),
  });
  r.get('/api/v1/audits/:id', {
    schema: { tags, summary: "The audit editor's data: info box, suggestions, runs with categories, points, results and extra points", params, response: { 200: ZV1Audit } },
    handler: async (req) => toV1Audit(await getAudit(req.ctx, req.params.id)),
  });
  r.get('/api/v1/audits/:id/previousValues', {
    schema: { tags, summary: "Per run with a machine, each measured point's value from the machine's latest earlier inspection (issue 23)", params, response: { 200: ZAuditPreviousValues } },
    handler: (req) => getAuditPreviousValues(req.ctx, req.params.id),
  });
  r.put('/api/v1/audits/:id/finished', {
    schema: { tags, summary: 'Finishes (true) or reopens (false) the audit; a finished audit refuses edits with 409', params, body: ZAuditFinishedInput, response: { 200: z.object({ id: ZId, finished: z.boolean() }) } },
    handler: (req) => setAuditFinished(req.ctx, req.params.id, req.body.finished),
  });
  r.delete('/api/v1/audits/:id', {
    schema: { tags, summary: 'Deletes the audit (soft; Manager and above)', params, response: { 200: ok } },
    handler: (req) => deleteAudit(req.ctx, req.params.id),
  });
  r.put('/api/v1/audits/:id/inspector', {
    ...keyedWrite('audit.setInspector'),
    schema: { tags, summary: 'Changes the inspector name and e-mail (the runs follow)', params, body: ZAuditInspectorInput, response: { 200: z.object({ id: ZId, inspector: z.string(), inspectorContact: z.string() }) } },
    handler: (req, reply) => answerOnce(req, reply, 200, (ctx) => setAuditInspector(ctx, req.params.id, req.body)),
  });
  r.put('/api/v1/audits/:id/details', {
    ...keyedWrite('audit.setDetails'),
    schema: { tags, summary: "Changes the audit's name, date and site (one of its customer's, or null); its runs follow (issue 20)", params, body: ZAuditDetailsInput, response: { 200: ZV1Audit } },
    handler: (req, reply) => answerOnce(req, reply, 200, async (ctx) => toV1Audit(await setAuditDetails(ctx, req.params.id, req.body))),
  });
  r.put('/api/v1/audits/:id/:field', {
    ...keyedWrite('audit.setText'),
    schema: {
      tags,
      summary: 'Autosaves comment, internalComment or summary (a JSON string, text/plain, or {text, version} with the version the edit started from); any other field is 404',
      params: params.extend({ field: ZText.max(64) }),
      body: ZAuditTextInput,
      response: { 200: ZAuditTextSaved },
    },
    handler: (req, reply) => {
      const field = AuditTextFields.find((f) => f.toLowerCase() === req.params.field.toLowerCase());
      if (!field) throw notFound(`Audit field ${req.params.field}`);
      return answerOnce(req, reply, 200, (ctx) => setAuditText(ctx, req.params.id, field as AuditTextField, req.body.text, req.body.version));
    },
  });
  r.post('/api/v1/audits/:id/suggestions', {
    ...keyedWrite('audit.addSuggestion'),
    schema: { tags, summary: 'Adds a suggestion (OptimizationTarget, ShortTerm or LongTerm) at the end of its list', params, body: ZSuggestionInput, response: { 201: ZSuggestion } },
    handler: (req, reply) => answerOnce(req, reply, 201, (ctx) => addSuggestion(ctx, req.params.id, req.body)),
  });
  r.put('/api/v1/audits/:id/suggestions/:suggestionId', {
    ...keyedWrite('audit.editSuggestion'),
    schema: { tags, summary: "Edits a suggestion's text (a JSON string, text/plain, or { text, type })", params: params.extend({ suggestionId: ZId }), body: ZSuggestionEdit, response: { 200: ZSuggestion } },
    handler: (req, reply) => {
      if (req.body.id && req.body.id !== req.params.suggestionId) throw badField('id', 'differs from the suggestion id in the path');
      return answerOnce(req, reply, 200, (ctx) => editSuggestion(ctx, req.params.id, req.params.suggestionId, req.body));
    },
  });
  r.delete('/api/v1/audits/:id/suggestions/:suggestionId', {
    ...keyedWrite('audit.deleteSuggestion'),
    schema: { tags, summary: 'Deletes a suggestion', params: params.extend({ suggestionId: ZId }), response: { 200: ok } },
    handler: (req, reply) => answerOnce(req, reply, 200, (ctx) => deleteSuggestion(ctx, req.params.id, req.params.suggestionId)),
  });
  r.post('/api/v1/audits/:id/suggestions/proposals/:resultId/dismiss', {
    ...keyedWrite('audit.dismissProposal'),
    schema: { tags, summary: 'Dismisses the action point proposed for a point rated repair or immediate action; it does not come back', params: resultParams, response: { 200: z.object({ resultId: ZId, dismissed: z.boolean() }) } },
    handler: (req, reply) => answerOnce(req, reply, 200, (ctx) => dismissProposal(ctx, req.params.id, req.params.resultId)),
  });
  r.post('/api/v1/audits/:id/runs', {
    ...keyedWrite('audit.addRun'),
    schema: { tags, summary: "Adds a run ('Audit_Machine:stage_1' style run type) on a protocol and equipment, or clones a run with its results", params, body: ZRunCreate, response: { 201: ZV1AuditRun } },
    handler: (req, reply) => answerOnce(req, reply, 201, async (ctx) => toV1Run(await addRun(ctx, req.params.id, req.body))),
  });
  r.delete('/api/v1/audits/:id/runs/:runId', {
    ...keyedWrite('audit.deleteRun'),
    schema: { tags, summary: 'Deletes a run (soft)', params: runParams, response: { 200: ok } },
    handler: (req, reply) => answerOnce(req, reply, 200, (ctx) => deleteRun(ctx, req.params.id, req.params.runId)),
  });
  r.post('/api/v1/audits/:id/runs/:runId/extraPoints', {
    ...keyedWrite('audit.addRunExtraPoint'),
    schema: { tags, summary: 'Adds a library point to a run as an extra point (issue 20); answers the run', params: runParams, body: ZRunExtraPointInput, response: { 201: ZV1AuditRun } },
    handler: (req, reply) => answerOnce(req, reply, 201, async (ctx) => toV1Run(await addRunExtraPoint(ctx, req.params.id, req.params.runId, req.body))),
  });
  r.put('/api/v1/audits/:id/runs/:runId/equipmentConfigurator', {
    ...keyedWrite('audit.setRunConfigurator'),
    schema: {
      tags, summary: "Saves an Equipment_Configurator run's equipment configurator (issue 20); another kind of run is a 400", params: runParams,
      body: ZRunConfiguratorInput, response: { 200: z.object({ id: ZId, equipmentConfigurator: z.unknown().nullable() }) },
    },
    handler: (req, reply) => answerOnce(req, reply, 200, (ctx) => setRunConfigurator(ctx, req.params.id, req.params.runId, req.body.equipmentConfigurator)),
  });
  r.put('/api/v1/audits/:id/runs/:runId/equipment', {
    ...keyedWrite('audit.changeRunEquipment'),
    schema: { tags, summary: "Changes a run's equipment (by id, or model with serial number or nickname); its paired configurator run follows", params: runParams, body: ZRunEquipmentInput, response: { 200: ZV1AuditRun } },
    handler: (req, reply) => answerOnce(req, reply, 200, async (ctx) => toV1Run(await changeRunEquipment(ctx, req.params.id, req.params.runId, req.body))),
  });
  r.put('/api/v1/audits/:id/runs/:runId/includedInReport', {
    ...keyedWrite('audit.setRunIncluded'),
    schema: { tags, summary: 'Includes the run in the audit report (true) or leaves it out (false)', params: runParams, body: ZIncludedInReportInput, response: { 200: z.object({ id: ZId, includedInReport: z.boolean() }) } },
    handler: (req, reply) => answerOnce(req, reply, 200, (ctx) => setRunIncluded(ctx, req.params.id, req.params.runId, req.body.includedInReport)),
  });
  r.put('/api/v1/audits/:id/runs/:runId/protocol/:protocolId', {
    ...keyedWrite('audit.changeRunProtocol'),
    schema: { tags, summary: "Changes a run's protocol to another of its kind; results of points the new protocol shares are kept", params: runParams.extend({ protocolId: ZId }), response: { 200: ZV1AuditRun } },
    handler: (req, reply) => answerOnce(req, reply, 200, async (ctx) => toV1Run(await changeRunProtocol(ctx, req.params.id, req.params.runId, req.params.protocolId))),
  });
  r.post('/api/v1/audits/:id/runs/:runId/points/:pointId/result', {
    ...keyedWrite('audit.createResult'),
    schema: { tags, summary: 'Creates the result of a point (protocol point or extra point) of a run; checked against the point', params: runParams.extend({ pointId: ZId }), body: ZAuditPointResultInput, response: { 201: ZPointResultSaved } },
    handler: (req, reply) => answerOnce(req, reply, 201, (ctx) => createAuditResult(ctx, req.params.id, req.params.runId, req.params.pointId, req.body)),
  });
  r.put('/api/v1/audits/:id/pointResults/:resultId', {
    ...keyedWrite('audit.updateResult'),
    schema: { tags, summary: 'Updates a point result of one of the runs (autosave)', params: resultParams, body: ZAuditPointResultInput, response: { 200: ZPointResultSaved } },
    handler: (req, reply) => answerOnce(req, reply, 200, (ctx) => updateAuditResult(ctx, req.params.id, req.params.resultId, req.body)),
  });
  r.put('/api/v1/audits/:id/pointResults/:resultId/images/:imageId/caption', {
    schema: { tags, summary: "Sets a result photo's caption", params: photoParams, body: ZPhotoCaptionInput, response: { 200: photo } },
    handler: (req) => setAuditPhoto(req.ctx, req.params.id, req.params.resultId, req.params.imageId, { caption: req.body.caption }),
  });
  r.put('/api/v1/audits/:id/pointResults/:resultId/images/:imageId/layout', {
    schema: { tags, summary: "Sets a result photo's layout (Default, HorizontalGraph, Fullscreen)", params: photoParams, body: ZPhotoLayoutInput, response: { 200: photo } },
    handler: (req) => setAuditPhoto(req.ctx, req.params.id, req.params.resultId, req.params.imageId, { layout: req.body.layout }),
  });
}
