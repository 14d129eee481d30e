import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  listResponse,
  ZId,
  ZProductCategoryRow,
  ZProductFamily,
  ZProductFamilyCreate,
  ZProductFamilyListQuery,
  ZProductFamilyUpdate,
  ZProductFamilyWithModels,
  ZProductModel,
  ZProductModelCreate,
  ZProductModelListQuery,
  ZProductModelUpdate,
} from '@insp/contracts';
import { typed } from '../../rest/route-helpers.js';
import { allCategories, allFamilies, createFamily, createModel, familyModels, queryFamilies } from './product-families.service.js';
import { deleteFamily, deleteModel, renameFamily, renameModel } from './product-families-edit.service.js';

const tags = ['product families'];
const params = z.object({ id: ZId });
const modelParams = z.object({ id: ZId, modelId: ZId });
const deleted = { 200: z.object({ id: ZId }) };

/**
 * Product families and models (spec 002 §7, 001 §7 "Reference data") at their exact paths. The spec spells
 * the same resource 'productFamilies' and 'ProductFamilies' in different calls; each call is registered with
 * its documented spelling (routing is case-sensitive app-wide; see the report for a case-insensitive option).
 */
export async function productFamiliesRestRoutes(app: FastifyInstance) {
  const r = typed(app);

  r.get('/api/v1/productFamilies', {
    schema: { tags, summary: 'Every product family with its models', response: { 200: z.array(ZProductFamilyWithModels) } },
    handler: (req) => allFamilies(req.ctx),
  });
  r.post('/api/v1/productFamilies', {
    schema: { tags, summary: 'Creates a product family; 201 with it', body: ZProductFamilyCreate, response: { 201: ZProductFamily } },
    handler: async (req, reply) => reply.status(201).send(await createFamily(req.ctx, req.body)),
  });
  r.get('/api/v1/ProductFamilies/query', {
    schema: { tags, summary: 'Product families, searched, sorted and paged', querystring: ZProductFamilyListQuery, response: { 200: listResponse(ZProductFamily) } },
    handler: (req) => queryFamilies(req.ctx, req.query),
  });
  r.get('/api/v1/ProductFamilies/:id/models', {
    schema: { tags, summary: "A product family's models, optionally searched", params, querystring: ZProductModelListQuery, response: { 200: z.array(ZProductModel) } },
    handler: (req) => familyModels(req.ctx, req.params.id, req.query.orderDirection),
  });
  r.post('/api/v1/productFamilies/:id/models', {
    schema: { tags, summary: 'Adds a model to a product family; 201 with it', params, body: ZProductModelCreate, response: { 201: ZProductModel } },
    handler: async (req, reply) => reply.status(201).send(await createModel(req.ctx, req.params.id, req.body)),
  });
  r.get('/api/v1/productCategories/all', {
    schema: { tags, summary: 'Every product category', response: { 200: z.array(ZProductCategoryRow) } },
    handler: (req) => allCategories(req.ctx),
  });
  // Rename and delete (issue 20, not shown in the spec; added beside the documented calls, on their spelling).
  // A delete of something in use answers 409 with the message naming the uses.
  r.put('/api/v1/productFamilies/:id', {
    schema: { tags, summary: 'Renames a product family (name, and long name when given)', params, body: ZProductFamilyUpdate, response: { 200: ZProductFamily } },
    handler: (req) => renameFamily(req.ctx, req.params.id, req.body),
  });
  r.delete('/api/v1/productFamilies/:id', {
    schema: { tags, summary: 'Deletes a product family nothing uses; 409 naming the uses otherwise', params, response: deleted },
    handler: (req) => deleteFamily(req.ctx, req.params.id),
  });
  r.put('/api/v1/productFamilies/:id/models/:modelId', {
    schema: { tags, summary: "Renames one of a product family's models", params: modelParams, body: ZProductModelUpdate, response: { 200: ZProductModel } },
    handler: (req) => renameModel(req.ctx, req.params.id, req.params.modelId, req.body),
  });
  r.delete('/api/v1/productFamilies/:id/models/:modelId', {
    schema: { tags, summary: 'Deletes a product model nothing uses; 409 naming the uses otherwise', params: modelParams, response: deleted },
    handler: (req) => deleteModel(req.ctx, req.params.id, req.params.modelId),
  });
}
