import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { ZId, ZSharedLinkList, ZSharedLinkRevoked, ZSharedLinkTarget } from '@insp/contracts';
import { contentDisposition } from '@insp/storage';
import { typed } from '../../rest/route-helpers.js';
import { listSharedLinks, openSharedLink, revokeSharedLink, SHARED_PATH } from './shared-links.service.js';

const tags = ['shared links'];

/**
 * Shared report links (issue 20). Made by the storageurl calls of audits and inspections; listed and revoked here
 * by whoever may download the report; served publicly by their token.
 */
export async function sharedLinksRestRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get('/api/v1/sharedlinks', {
    schema: { tags, summary: "A report's live shared links (kind audit_report or inspection_report), with the lifetimes a sharer may choose", querystring: ZSharedLinkTarget, response: { 200: ZSharedLinkList } },
    handler: (req) => listSharedLinks(req.ctx, req.query),
  });
  r.delete('/api/v1/sharedlinks/:id', {
    schema: { tags, summary: 'Revokes a shared link: from then on it answers 410', params: z.object({ id: ZId }), response: { 200: ZSharedLinkRevoked } },
    handler: (req) => revokeSharedLink(req.ctx, req.params.id),
  });
  r.get(`${SHARED_PATH}/:token`, {
    config: { public: true },
    schema: { tags, summary: 'The shared file while its link is live (public: the token is the grant); 401 no token, 403 unknown, 410 revoked or expired', params: z.object({ token: z.string() }) },
    handler: async (req, reply) => {
      const { file, fileName } = await openSharedLink(req.ctx, req.params.token);
      // no-store: a revoked link must not keep answering from a cache on the way
      return reply.type(file.contentType).header('content-length', file.size).header('content-disposition', contentDisposition(fileName))
        .header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer').send(file.body);
    },
  });
}
