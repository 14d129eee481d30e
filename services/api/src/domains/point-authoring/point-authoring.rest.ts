import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  ZApplicationOption,
  ZApplicationOptionsQuery,
  ZCategoryTitle,
  ZDocumentTree,
  ZDropdownGroup,
  ZDropdownPickerQuery,
  ZInspectionPhase,
  ZInspectionPhaseCreate,
  ZLanguage,
  ZOptionGroupRead,
  ZOptionGroupsQuery,
  ZProductCategoryTranslation,
  ZUnit,
} from '@insp/contracts';
import { typed } from '../../rest/route-helpers.js';
import {
  applicationOptions,
  categoryTitles,
  createInspectionPhase,
  inspectionPhases,
  languages,
  productCategoryTranslations,
  units,
  useCases,
} from './reference.service.js';
import { documentTree, existingDropdowns, optionGroups } from './pickers.service.js';
import { pointAuthoringWriteRoutes } from './point-authoring-writes.rest.js';

const tags = ['point authoring'];

/**
 * REST api/v1 routes around point authoring (001 §7 reference data, measurement limits, translations, similar
 * options and their batch update; 002 tags) at the spec's paths. The static paths under inspectionPoints/
 * (useCases, dropdowns, documentTree, dropdownsWithSimilarOptions) win over inspectionPoints/:id in Fastify's
 * router whatever the registration order.
 */
export async function pointAuthoringRestRoutes(app: FastifyInstance) {
  const r = typed(app);

  r.get('/api/v1/units', {
    schema: { tags, summary: 'Measurement units (id, name, symbol)', response: { 200: z.array(ZUnit) } },
    handler: (req) => units(req.ctx),
  });
  r.get('/api/v1/categoryTitles', {
    schema: { tags, summary: 'Category titles offered when authoring protocols', response: { 200: z.array(ZCategoryTitle) } },
    handler: (req) => categoryTitles(req.ctx),
  });
  r.get('/api/v1/translations/productCategories', {
    schema: { tags, summary: 'Product categories with their translation keys', response: { 200: z.array(ZProductCategoryTranslation) } },
    handler: (req) => productCategoryTranslations(req.ctx),
  });
  r.get('/api/v1/applicationoptions', {
    schema: { tags, summary: 'Settings per client application', querystring: ZApplicationOptionsQuery, response: { 200: z.array(ZApplicationOption) } },
    handler: (req) => applicationOptions(req.ctx, req.query.applicationName),
  });
  r.get('/api/v1/inspectionPhases', {
    schema: { tags, summary: 'Inspection phases', response: { 200: z.array(ZInspectionPhase) } },
    handler: (req) => inspectionPhases(req.ctx),
  });
  r.post('/api/v1/inspectionPhases', {
    schema: {
      tags,
      summary: 'Add an inspection phase (201); an existing name (any case) answers that phase with 200',
      body: ZInspectionPhaseCreate,
      response: { 200: ZInspectionPhase, 201: ZInspectionPhase },
    },
    handler: async (req, reply) => {
      const { phase, created } = await createInspectionPhase(req.ctx, req.body);
      return reply.status(created ? 201 : 200).send(phase);
    },
  });
  r.get('/api/v1/languages', {
    schema: { tags, summary: 'Languages, English first', response: { 200: z.array(ZLanguage) } },
    handler: (req) => languages(req.ctx),
  });
  r.get('/api/v1/inspectionPoints/useCases', {
    schema: { tags, summary: 'Use case types for point metadata', response: { 200: z.array(z.string()) } },
    handler: (req) => useCases(req.ctx),
  });
  r.get('/api/v1/inspectionPointOptionGroups', {
    schema: { tags, summary: 'Option groups (custom=false: the predefined ones) with options and follow-ups', querystring: ZOptionGroupsQuery, response: { 200: z.array(ZOptionGroupRead) } },
    handler: (req) => optionGroups(req.ctx, req.query.custom),
  });
  r.get('/api/v1/inspectionPoints/dropdowns', {
    schema: { tags, summary: 'Existing dropdowns to copy, searched by title', querystring: ZDropdownPickerQuery, response: { 200: z.array(ZDropdownGroup) } },
    handler: (req) => existingDropdowns(req.ctx, req.query),
  });
  r.get('/api/v1/inspectionPoints/documentTree', {
    schema: { tags, summary: 'Document picker: categories, subcategories, documents, uncategorized', response: { 200: ZDocumentTree } },
    handler: (req) => documentTree(req.ctx),
  });

  await app.register(pointAuthoringWriteRoutes);
}
