import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { ZDocumentPackageManifest, ZId } from '@insp/contracts';
import { typed } from '../../rest/route-helpers.js';
import { getPackageManifest } from './document-sync.service.js';

const tags = ['document sync'];

/** Document sync for field clients (issue 21); the document library's own routes are in the documents domain. */
export async function documentSyncRestRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get('/api/v1/documentlibrary/documentpackage/:id/manifest', {
    schema: {
      tags,
      summary: "A document package's manifest: its documents' current versions, sizes, SHA-256 and names, and a version that changes only with them (ETag; If-None-Match answers 304)",
      params: z.object({ id: ZId }),
      response: { 200: ZDocumentPackageManifest, 304: z.null().meta({ description: 'Not modified: the version sent in If-None-Match is current' }) },
    },
    handler: async (req, reply) => {
      const manifest = await getPackageManifest(req.ctx, req.params.id);
      const etag = `"${manifest.version}"`;
      // private: the answer depends on the caller's rights; no-cache: a cache must ask again, cheaply with the ETag
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      const ifNoneMatch = req.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.code(304).send(null);
      return manifest;
    },
  });
}
