import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { listResponse, ZCompany, ZExternalUser, ZExternalUserInput, ZExternalUserListQuery } from '@insp/contracts';
import { typed } from '../../rest/route-helpers.js';
import { getExternalUser, listCompanies, listExternalUsers } from './external-users.service.js';
import { activateExternalUser, createExternalUser, deleteExternalUser, updateExternalUser } from './external-users.write.js';

const tags = ['externalUsers'];
const params = z.object({ id: z.uuid() });

/**
 * REST api/v1 routes of this domain (spec 002 §7), at their exact paths. The no-token password calls
 * (PUT .../{id}/password, POST .../forgotpasswordemail) live in domains/auth.
 */
export async function externalUsersRestRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get('/api/v1/externalUsers', {
    schema: { tags, summary: 'Distributor users, searched, sorted and paged (distributor admins: their company only)', querystring: ZExternalUserListQuery, response: { 200: listResponse(ZExternalUser) } },
    // rows mapped by toExternalUser, the page by listPage: sent as built (issue 18)
    config: { builtAnswer: true },
    handler: (req) => listExternalUsers(req.ctx, req.query),
  });
  r.get('/api/v1/externalUsers/:id', {
    schema: { tags, summary: 'A distributor user', params, response: { 200: ZExternalUser } },
    handler: (req) => getExternalUser(req.ctx, req.params.id),
  });
  r.post('/api/v1/externalUsers', {
    schema: { tags, summary: 'Creates a distributor user', body: ZExternalUserInput, response: { 200: ZExternalUser } },
    handler: (req) => createExternalUser(req.ctx, req.body),
  });
  r.put('/api/v1/externalUsers/:id', {
    schema: { tags, summary: 'Changes a distributor user', params, body: ZExternalUserInput, response: { 200: ZExternalUser } },
    handler: (req) => updateExternalUser(req.ctx, req.params.id, req.body),
  });
  r.delete('/api/v1/externalUsers/:id', {
    schema: { tags, summary: 'Deletes a distributor user', params, response: { 200: z.object({ id: z.string() }) } },
    handler: (req) => deleteExternalUser(req.ctx, req.params.id),
  });
  r.post('/api/v1/externalUsers/:id/activate', {
    schema: { tags, summary: 'Activates a distributor user again', params, response: { 200: ZExternalUser } },
    handler: (req) => activateExternalUser(req.ctx, req.params.id),
  });
  r.get('/api/v1/companies', {
    schema: { tags, summary: 'Distributor companies', response: { 200: z.array(ZCompany) } },
    handler: (req) => listCompanies(req.ctx),
  });
}
