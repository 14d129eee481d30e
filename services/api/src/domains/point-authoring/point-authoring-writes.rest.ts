import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  listResponse,
  ZDropdownBatchUpdate,
  ZDropdownBatchUpdateCreate,
  ZId,
  ZMeasurementLimitRow,
  ZMeasurementLimitsSave,
  ZPointTranslation,
  ZSimilarOption,
  ZSimilarOptionsQuery,
  ZTagPoint,
  ZTagPointsQuery,
  ZTagsUpdate,
  ZTagTargetsOfPoint,
  ZTranslationUpdates,
  ZCategoryTitleTranslations,
  ZCategoryTitleTranslationUpdate,
  ZPointText,
  ZPointTextTranslationUpdate,
} from '@insp/contracts';
import { typed } from '../../rest/route-helpers.js';
import { saveLimits } from './limits.service.js';
import { updateTranslations } from './translations.service.js';
import { categoryTitleTranslations, pointTextTranslations, updateCategoryTitleTranslations, updatePointTextTranslations } from './text-translations.service.js';
import { createBatchUpdate, getBatchUpdate, similarOptions } from './batch-update.service.js';
import { tagPoints, tagTargets, updateTags } from './tags.service.js';

const tags = ['point authoring'];
const params = z.object({ id: ZId });

/** Writes around point authoring: measurement limits, translations, batch update of similar options, tags. */
export async function pointAuthoringWriteRoutes(app: FastifyInstance) {
  const r = typed(app);

  r.post('/api/v1/measurementLimits', {
    schema: {
      tags,
      summary: 'Create measurement limits (one per point and product family or model; 409 when one exists)',
      body: ZMeasurementLimitsSave,
      response: { 201: z.array(ZMeasurementLimitRow) },
    },
    handler: async (req, reply) => reply.status(201).send(await saveLimits(req.ctx, req.body, 'create')),
  });
  r.put('/api/v1/measurementLimits', {
    schema: {
      tags,
      summary: 'Update measurement limits by id, or by point and product family or model (created when missing)',
      body: ZMeasurementLimitsSave,
      response: { 200: z.array(ZMeasurementLimitRow) },
    },
    handler: (req) => saveLimits(req.ctx, req.body, 'upsert'),
  });

  r.put('/api/v1/inspectionPoints/:id/updatetranslations', {
    schema: {
      tags,
      summary: "Save name translations by language (en refused; empty text removes); answers the point's name translations",
      params,
      body: ZTranslationUpdates,
      response: { 200: z.array(ZPointTranslation) },
    },
    handler: (req) => updateTranslations(req.ctx, req.params.id, 'Name', req.body),
  });
  r.put('/api/v1/inspectionPoints/:id/updatedescriptiontranslations', {
    schema: {
      tags,
      summary: "Save description translations by language (en refused; empty text removes); answers the point's description translations",
      params,
      body: ZTranslationUpdates,
      response: { 200: z.array(ZPointTranslation) },
    },
    handler: (req) => updateTranslations(req.ctx, req.params.id, 'Description', req.body),
  });

  // Issue 19 (not in the spec): the texts a report prints beside the point's name, in every language.
  r.get('/api/v1/inspectionPoints/:id/texttranslations', {
    schema: { tags, summary: "The point's option, choice, dropdown, range value and table texts with their translations", params, response: { 200: z.array(ZPointText) } },
    handler: (req) => pointTextTranslations(req.ctx, req.params.id),
  });
  r.put('/api/v1/inspectionPoints/:id/texttranslations', {
    schema: {
      tags,
      summary: "Save translations of the point's texts ({kind, id, language, text}; en refused; empty text removes); answers the texts",
      params,
      body: z.array(ZPointTextTranslationUpdate).max(2000),
      response: { 200: z.array(ZPointText) },
    },
    handler: (req) => updatePointTextTranslations(req.ctx, { id: req.params.id, items: req.body }),
  });
  r.get('/api/v1/categoryTitles/translations', {
    schema: { tags, summary: 'The reference category titles with their translations', response: { 200: z.array(ZCategoryTitleTranslations) } },
    handler: (req) => categoryTitleTranslations(req.ctx),
  });
  r.put('/api/v1/categoryTitles/translations', {
    schema: {
      tags,
      summary: 'Save category title translations ({categoryTitleId, language, text}; en refused; empty text removes); answers every title',
      body: z.array(ZCategoryTitleTranslationUpdate).max(2000),
      response: { 200: z.array(ZCategoryTitleTranslations) },
    },
    handler: (req) => updateCategoryTitleTranslations(req.ctx, { items: req.body }),
  });

  r.get('/api/v1/inspectionPoints/dropdownsWithSimilarOptions', {
    schema: {
      tags,
      summary: 'Options with the same title (any case) in the other dropdowns of live points, with their batch update',
      querystring: ZSimilarOptionsQuery,
      response: { 200: z.array(ZSimilarOption) },
    },
    handler: (req) => similarOptions(req.ctx, req.query),
  });
  r.post('/api/v1/inspectionPoints/dropdownOptions/batchUpdates', {
    schema: {
      tags,
      summary:
        'Batch update of similar dropdown options (issue 9 design): copies the source option\'s title and follow-up range value ' +
        '(never its image) onto the selected options. 202: the batch is pending and its options locked until the worker has ' +
        'applied it; options locked by another pending batch, and the source itself, are skipped and listed. ' +
        'Poll GET …/batchUpdates/{id} for done or failed.',
      body: ZDropdownBatchUpdateCreate,
      response: { 202: ZDropdownBatchUpdate },
    },
    handler: async (req, reply) => reply.status(202).send(await createBatchUpdate(req.ctx, req.body)),
  });
  r.get('/api/v1/inspectionPoints/dropdownOptions/batchUpdates/:id', {
    schema: { tags, summary: 'A batch update of dropdown options: pending, done or failed', params, response: { 200: ZDropdownBatchUpdate } },
    handler: (req) => getBatchUpdate(req.ctx, req.params.id),
  });

  r.post('/api/v1/tags/update', {
    schema: {
      tags,
      summary: 'Replace the tags of a multiple choice (type 0) or range value (type 1): trimmed, empties dropped, de-duplicated',
      body: ZTagsUpdate,
      response: { 200: ZTagsUpdate },
    },
    handler: (req) => updateTags(req.ctx, req.body),
  });
  r.get('/api/v1/tags/points', {
    schema: { tags, summary: 'Points that carry tags (multiple choices or range values), searched by name', querystring: ZTagPointsQuery, response: { 200: listResponse(ZTagPoint) } },
    handler: (req) => tagPoints(req.ctx, req.query),
  });
  r.get('/api/v1/tags/points/:id', {
    schema: { tags, summary: "A point's multiple choices and range values with their tags", params, response: { 200: ZTagTargetsOfPoint } },
    handler: (req) => tagTargets(req.ctx, req.params.id),
  });
}
