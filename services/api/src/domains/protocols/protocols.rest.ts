import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  listResponse,
  ZJsonValue,
  ZListQuery,
  ZObsoleteProtocol,
  ZProtocol,
  ZProtocolCreate,
  ZProtocolDependencySaved,
  ZProtocolExportQuery,
  ZProtocolListItem,
  ZProtocolListQuery,
  ZProtocolTypeOption,
  ZProtocolUpdate,
} from '@insp/contracts';
import { contentDisposition } from '@insp/storage';
import { PROTOCOL_EXPORT_CONTENT_TYPE } from '@insp/report';
import { typed } from '../../rest/route-helpers.js';
import { createProtocol } from './protocols-create.service.js';
import { protocolExport } from './protocols-export.service.js';
import { getProtocol, obsoleteProtocols, protocolTypes, searchProtocols } from './protocols-read.service.js';
import { copyProtocol, softDeleteProtocol, updateDependencyJson } from './protocols-write.service.js';
import { updateProtocol } from './protocols-update.service.js';

const tags = ['protocols'];
const params = z.object({ id: z.uuid() });

/** The protocol calls of 001 §7 at their paths (issue 10); staff Admin or distributor Manager. sortedByFit: protocols-fit.rest.ts. */
export async function protocolsRestRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get('/api/v1/inspectionProtocols/types', {
    schema: { tags, summary: 'Protocol types offered when creating (Custom and CustomPoints left out), with display names and the showOnlyToSpecificGroups flag', response: { 200: z.array(ZProtocolTypeOption) } },
    handler: (req) => protocolTypes(req.ctx),
  });
  r.post('/api/v1/inspectionProtocols', {
    schema: { tags, summary: 'Creates a protocol (001 §5 save rules; 400 names the field); 201 with the protocol', body: ZProtocolCreate, response: { 201: ZProtocol } },
    handler: async (req, reply) => reply.status(201).send(await createProtocol(req.ctx, req.body)),
  });
  r.get('/api/v1/InspectionProtocols/search', {
    schema: {
      tags,
      summary: 'Current protocols (no superseded versions, no Custom/CustomPoints), searched by name, filtered by types and product, sorted by created (default, descending), name or type; each with its first three targets and the target count',
      querystring: ZProtocolListQuery,
      response: { 200: listResponse(ZProtocolListItem) },
    },
    handler: (req) => searchProtocols(req.ctx, req.query),
  });
  r.get('/api/v1/InspectionProtocols/Obsolete', {
    schema: { tags, summary: 'Superseded protocol versions, newest first, each with the id of its current version (soft-deleted protocols are not listed)', querystring: ZListQuery, response: { 200: listResponse(ZObsoleteProtocol) } },
    handler: (req) => obsoleteProtocols(req.ctx, req.query),
  });
  r.get('/api/v1/InspectionProtocols/:id', {
    schema: { tags, summary: "A protocol with categories, points ('pointFound: false' when the source point is gone), targets and its version history", params, response: { 200: ZProtocol } },
    handler: (req) => getProtocol(req.ctx, req.params.id),
  });
  r.put('/api/v1/InspectionProtocols/:id', {
    schema: {
      tags,
      summary:
        'Changes a protocol (issue 19): the whole protocol as create takes it, kept points naming their protocolPointId; the type stays. Changed in place while no inspection uses this version, else saved as a new version (the answer is that version; inspections keep theirs). A save that changes nothing writes nothing; 409 when the version was replaced or, with ifUnchangedSince, saved by someone else since',
      params,
      body: ZProtocolUpdate,
      response: { 200: ZProtocol },
    },
    handler: (req) => updateProtocol(req.ctx, req.params.id, req.body),
  });
  r.delete('/api/v1/InspectionProtocols/:id/soft', {
    schema: { tags, summary: 'Soft-deletes a protocol (and the superseded versions of a current one); 204, 404 when already deleted', params, response: { 204: z.null() } },
    handler: async (req, reply) => {
      await softDeleteProtocol(req.ctx, req.params.id);
      return reply.status(204).send(null);
    },
  });
  r.post('/api/v1/InspectionProtocols/:id/copy', {
    schema: { tags, summary: "Copies a protocol (not shown in the spec): 201 with the new protocol named '{name} (copy)', copyOfProtocolId the source, every part under new ids, version 1", params, response: { 201: ZProtocol } },
    handler: async (req, reply) => reply.status(201).send(await copyProtocol(req.ctx, req.params.id)),
  });
  r.put('/api/v1/InspectionProtocols/:id/points/:pointId/dependencies/:dependencyId/json', {
    schema: {
      tags,
      summary: "Replaces a prefill dependency's JSON (pointId: the protocol point). When inspections use the protocol a new version is made and changed; the answer names its ids",
      params: z.object({ id: z.uuid(), pointId: z.uuid(), dependencyId: z.uuid() }),
      body: ZJsonValue,
      response: { 200: ZProtocolDependencySaved },
    },
    handler: (req) => updateDependencyJson(req.ctx, req.params.id, req.params.pointId, req.params.dependencyId, req.body),
  });
  r.get('/api/v1/InspectionProtocols/:id/export', {
    schema: {
      tags,
      summary: 'The protocol as an Excel workbook (point names in `lang`, default en): 200 the .xlsx, or 202 while the worker still builds it (ask again after Retry-After)',
      params,
      querystring: ZProtocolExportQuery,
    },
    handler: async (req, reply) => {
      const answer = await protocolExport(req.ctx, req.params.id, req.query.lang);
      if (!answer.ready) return reply.status(202).header('retry-after', answer.retryAfterSeconds).send({ status: 'pending' });
      return reply
        .type(PROTOCOL_EXPORT_CONTENT_TYPE)
        .header('content-length', answer.file.size)
        .header('content-disposition', contentDisposition(answer.fileName))
        .header('cache-control', 'private, no-cache')
        .send(answer.file.body);
    },
  });
}
