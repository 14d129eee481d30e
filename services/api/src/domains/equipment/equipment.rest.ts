import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { listResponse, ZByProductModelsQuery, ZEquipment, ZEquipmentDetail, ZEquipmentInput, ZEquipmentListQuery, ZId } from '@insp/contracts';
import { typed } from '../../rest/route-helpers.js';
import { equipmentByModels, getEquipment, listEquipment } from './equipment-read.service.js';
import { createEquipment, deleteEquipment, updateEquipment } from './equipment-write.service.js';

const tags = ['equipment'];
const params = z.object({ id: ZId });

/**
 * Equipment calls of spec 002 §7 at their exact paths ('Equipments', as documented), plus create (POST) and
 * update (PUT) for the equipment form, which the spec does not show.
 */
export async function equipmentRestRoutes(app: FastifyInstance) {
  const r = typed(app);

  r.get('/api/v1/Equipments/query', {
    schema: { tags, summary: 'Equipment, searched, filtered, sorted and paged (distributors: their customers only)', querystring: ZEquipmentListQuery, response: { 200: listResponse(ZEquipment) } },
    handler: (req) => listEquipment(req.ctx, req.query),
  });
  r.get('/api/v1/Equipments/byproductmodels', {
    schema: { tags, summary: 'Equipment of the given product models', querystring: ZByProductModelsQuery, response: { 200: z.array(ZEquipment) } },
    handler: (req) => equipmentByModels(req.ctx, req.query.productModelIds),
  });
  r.get('/api/v1/Equipments/byproductmodel/:id', {
    schema: { tags, summary: 'Equipment of one product model', params, response: { 200: z.array(ZEquipment) } },
    handler: (req) => equipmentByModels(req.ctx, [req.params.id]),
  });
  r.get('/api/v1/Equipments/:id', {
    schema: { tags, summary: 'An equipment record with its customer, site and product names', params, response: { 200: ZEquipmentDetail } },
    handler: (req) => getEquipment(req.ctx, req.params.id),
  });
  r.delete('/api/v1/Equipments/:id', {
    schema: { tags, summary: 'Soft-deletes an equipment record', params, response: { 200: z.object({ id: ZId }) } },
    handler: (req) => deleteEquipment(req.ctx, req.params.id),
  });
  r.post('/api/v1/Equipments', {
    schema: { tags, summary: 'Creates an equipment record; 201 with it', body: ZEquipmentInput, response: { 201: ZEquipmentDetail } },
    handler: async (req, reply) => reply.status(201).send(await createEquipment(req.ctx, req.body)),
  });
  r.put('/api/v1/Equipments/:id', {
    schema: { tags, summary: 'Changes an equipment record', params, body: ZEquipmentInput, response: { 200: ZEquipmentDetail } },
    handler: (req) => updateEquipment(req.ctx, req.params.id, req.body),
  });
}
