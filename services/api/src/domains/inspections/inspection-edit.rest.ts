import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  ZId,
  ZInspectionCreate,
  ZInspectionFinished,
  ZInspectionUpdateQuery,
  ZPreviousValues,
  ZV1Inspection,
  ZV1InspectionReport,
  ZV1InspectionUpdate,
  ZResultsInput,
  ZResultsSaved,
} from '@insp/contracts';
import { AppError } from '../../errors.js';
import { answerOnce, keyedWrite } from '../../rest/keyed-route.js';
import { typed } from '../../rest/route-helpers.js';
import { createInspection } from './inspection-create.service.js';
import { getInspectionEditDetails, getInspectionPreviousValues, getInspectionWeb } from './inspection-read.service.js';
import { finishInspection, saveInspectionResults } from './inspection-results.service.js';
import { updateInspection } from './inspection-update.service.js';
import { fromV1Update, toV1Inspection, toV1Report } from './inspection-v1.adapter.js';

const tags = ['inspections'];
const params = z.object({ id: ZId });

/** Starting, reading for editing and saving an inspection (000 §7; calls the spec does not show: docs/decisions.md). */
export async function inspectionEditRestRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get('/api/v1/inspections/:id/web', {
    schema: {
      tags,
      summary: 'The full inspection (000 §3; the read-only protocol view): categories with points and results, equipmentConfig; no internal comments. PUT update takes it back',
      params,
      response: { 200: ZV1Inspection },
    },
    handler: async (req) => toV1Inspection(await getInspectionWeb(req.ctx, req.params.id)),
  });
  r.get('/api/v1/inspections/:id/editDetails', {
    schema: {
      tags,
      summary: 'The inspection report for the edit form (000 §3): content, type.name, every point with its configuration and result, internal comments',
      params,
      response: { 200: ZV1InspectionReport },
    },
    handler: async (req) => toV1Report(await getInspectionEditDetails(req.ctx, req.params.id)),
  });
  r.get('/api/v1/inspections/:id/previousValues', {
    schema: {
      tags,
      summary:
        "Issue 23: each measured point's previous value (as the report shows it): its latest result on the same equipment in a live inspection dated before this one; a distributor's inspection draws on its company's only",
      params,
      response: { 200: ZPreviousValues },
    },
    handler: async (req) => getInspectionPreviousValues(req.ctx, req.params.id),
  });
  r.put('/api/v1/inspections/update', {
    ...keyedWrite('inspection.update'),
    schema: {
      tags,
      summary:
        'Saves an edited inspection in one transaction, as GET web or editDetails answered it (finished = true unless false is sent; results without id created, with id updated; parts not sent kept; sendEmail queues the PDF e-mail)',
      querystring: ZInspectionUpdateQuery,
      // Fastify checks the body before the query string; a missing body is refused below, after the query is checked.
      body: ZV1InspectionUpdate.nullable(),
      response: { 200: ZV1InspectionReport },
    },
    handler: async (req, reply) => {
      const body = req.body;
      if (!body) throw new AppError('BAD_REQUEST', 'body: the inspection is required', 'body');
      return answerOnce(req, reply, 200, async (ctx) => {
        const stored = await getInspectionEditDetails(ctx, req.query.id);
        return toV1Report(await updateInspection(ctx, req.query.id, req.query.lang, fromV1Update(req.query.id, body, stored)));
      });
    },
  });
  r.post('/api/v1/inspections', {
    ...keyedWrite('inspection.create'),
    schema: {
      tags,
      summary: 'Starts an In_Use inspection of a protocol on a machine (equipment by id, or matched/created from model and serial number or nickname)',
      body: ZInspectionCreate,
      response: { 201: ZV1InspectionReport },
    },
    handler: (req, reply) => answerOnce(req, reply, 201, async (ctx) => toV1Report(await createInspection(ctx, req.body))),
  });
  r.put('/api/v1/inspections/:id/results', {
    ...keyedWrite('inspection.results'),
    schema: { tags, summary: 'Saves some point results without finishing (autosave, offline queues)', params, body: ZResultsInput, response: { 200: ZResultsSaved } },
    handler: (req, reply) => answerOnce(req, reply, 200, (ctx) => saveInspectionResults(ctx, req.params.id, req.body)),
  });
  r.put('/api/v1/inspections/:id/finish', {
    ...keyedWrite('inspection.finish'),
    schema: { tags, summary: 'Marks the field work done (finished = true, ended set when empty); the status stays', params, response: { 200: ZInspectionFinished } },
    handler: (req, reply) => answerOnce(req, reply, 200, (ctx) => finishInspection(ctx, req.params.id)),
  });
}
