import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  ZId,
  ZInspectionCreate,
  ZInspectionEdit,
  ZInspectionFinished,
  ZInspectionUpdate,
  ZInspectionUpdateQuery,
  ZResultsInput,
  ZResultsSaved,
} from '@insp/contracts';
import { AppError } from '../../errors.js';
import { typed } from '../../rest/route-helpers.js';
import { createInspection } from './inspection-create.service.js';
import { getInspectionEditDetails, getInspectionWeb } from './inspection-read.service.js';
import { finishInspection, saveInspectionResults } from './inspection-results.service.js';
import { updateInspection } from './inspection-update.service.js';

const tags = ['inspections'];
const params = z.object({ id: ZId });

/** Starting, reading for editing and saving an inspection (000 §7; calls the spec does not show: docs/decisions.md). */
export async function inspectionEditRestRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get('/api/v1/inspections/:id/web', {
    schema: { tags, summary: 'The inspection for the read-only protocol view (no internal comments)', params, response: { 200: ZInspectionEdit } },
    handler: (req) => getInspectionWeb(req.ctx, req.params.id),
  });
  r.get('/api/v1/inspections/:id/editDetails', {
    schema: { tags, summary: 'The inspection for the report edit form: every point with its configuration and result', params, response: { 200: ZInspectionEdit } },
    handler: (req) => getInspectionEditDetails(req.ctx, req.params.id),
  });
  r.put('/api/v1/inspections/update', {
    schema: {
      tags,
      summary: 'Saves an edited inspection in one transaction (finished = true; results without id created, with id updated; sendEmail queues the PDF e-mail)',
      querystring: ZInspectionUpdateQuery,
      // Fastify checks the body before the query string; a missing body is refused below, after the query is checked.
      body: ZInspectionUpdate.nullable(),
      response: { 200: ZInspectionEdit },
    },
    handler: (req) => {
      if (!req.body) throw new AppError('BAD_REQUEST', 'body: the inspection is required', 'body');
      return updateInspection(req.ctx, req.query.id, req.query.lang, req.body);
    },
  });
  r.post('/api/v1/inspections', {
    schema: {
      tags,
      summary: 'Starts an In_Use inspection of a protocol on a machine (equipment by id, or matched/created from model and serial number or nickname)',
      body: ZInspectionCreate,
      response: { 201: ZInspectionEdit },
    },
    handler: async (req, reply) => reply.status(201).send(await createInspection(req.ctx, req.body)),
  });
  r.put('/api/v1/inspections/:id/results', {
    schema: { tags, summary: 'Saves some point results without finishing (autosave, offline queues)', params, body: ZResultsInput, response: { 200: ZResultsSaved } },
    handler: (req) => saveInspectionResults(req.ctx, req.params.id, req.body),
  });
  r.put('/api/v1/inspections/:id/finish', {
    schema: { tags, summary: 'Marks the field work done (finished = true, ended set when empty); the status stays', params, response: { 200: ZInspectionFinished } },
    handler: (req) => finishInspection(req.ctx, req.params.id),
  });
}
