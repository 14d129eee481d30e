import type { FastifyInstance } from 'fastify';
import { contentDisposition, DEFAULT_FILES_PATH, verifySignedPath } from '@insp/storage';
import { AppError, unauthorized } from '../../errors.js';
import { notFound } from '../../errors.js';
import { storageOf } from '../../lib/storage.js';

/**
 * GET api/v1/files/{key}?expires&name&sig: the download side of local storage's signed links (packages/storage
 * signed-path.ts; an S3 deployment hands out presigned S3 URLs instead). Public: the signature is the grant, made by
 * a call that checked the reader's rights (an S3-style download link; report PDFs are shared by revocable links since
 * issue 20, domains/shared-links). No or a malformed signature: 401;
 * a wrong or expired one: 403; a granted file that is gone: 404.
 */
export async function filesRestRoutes(app: FastifyInstance) {
  app.get(`${DEFAULT_FILES_PATH}/*`, { config: { public: true }, schema: { tags: ['files'], summary: 'A stored file by a signed link (local storage)' } }, async (req, reply) => {
    const grant = verifySignedPath(req.url, { secret: req.ctx.config.tokenSecret, method: req.method });
    if (!grant.ok) throw grant.reason === 'malformed' ? unauthorized('A signed link is required') : new AppError('FORBIDDEN', `sig: link ${grant.reason === 'expired' ? 'expired' : 'not valid'}`, 'sig');
    const file = await storageOf(req.ctx.config).get(grant.key);
    if (!file) throw notFound('File');
    reply.type(file.contentType).header('content-length', file.size).header('cache-control', 'private, no-cache');
    if (grant.fileName) reply.header('content-disposition', contentDisposition(grant.fileName));
    return reply.send(file.body);
  });
}
