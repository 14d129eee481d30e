import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { ZCertifiedUser, ZCertifiedUserInput, ZCertifiedUserListQuery, ZCertifiedUserPatch, listResponse } from '@insp/contracts';
import { typed } from '../../rest/route-helpers.js';
import { createCertified, deleteCertified, getCertified, listCertified } from './certified-users.service.js';
import { updateCertified } from './certified-users.update.js';

const tags = ['certified users'];
const params = z.object({ id: z.uuid() });

/** REST api/v1 routes of this domain (spec 002 §7), at their exact paths and with the expected statuses. */
export async function certifiedUsersRestRoutes(app: FastifyInstance) {
  const r = typed(app);

  r.get('/api/v1/certifiedUsers', {
    schema: { tags, summary: 'Certified users, searched, sorted and paged', querystring: ZCertifiedUserListQuery, response: { 200: listResponse(ZCertifiedUser) } },
    handler: (req) => listCertified(req.ctx, req.query),
  });
  r.get('/api/v1/certifiedUsers/:id', {
    schema: { tags, summary: 'A certified user with their certifications', params, response: { 200: ZCertifiedUser } },
    handler: (req) => getCertified(req.ctx, req.params.id),
  });
  // spec 002 §7: POST answers 200 (not 201) with the created user.
  r.post('/api/v1/certifiedUsers', {
    schema: { tags, summary: 'Adds a certified user', body: ZCertifiedUserInput, response: { 200: ZCertifiedUser } },
    handler: (req) => createCertified(req.ctx, req.body),
  });
  r.patch('/api/v1/certifiedUsers/:id', {
    schema: { tags, summary: "Changes a certified user's fields given", params, body: ZCertifiedUserPatch, response: { 200: ZCertifiedUser } },
    handler: (req) => updateCertified(req.ctx, req.params.id, req.body),
  });
  r.delete('/api/v1/certifiedUsers/:id', {
    schema: { tags, summary: 'Deletes a certified user', params },
    handler: async (req, reply) => {
      await deleteCertified(req.ctx, req.params.id);
      return reply.status(204).send();
    },
  });
}
