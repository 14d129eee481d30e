import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_FILES_PATH } from '@insp/storage';
import { ZFileUploadRequest, ZFileUploadResponse } from '@insp/contracts';
import { typed } from '../../rest/route-helpers.js';
import { tooLarge } from '../documents/documents.files.js';
import { issueFileUploads, receiveSignedUpload } from './file-upload.service.js';

/** POST api/v1/file/upload (spec 001 §7) and, for local storage, the PUT its upload links point at. */
export async function fileUploadRestRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.post('/api/v1/file/upload', {
    schema: {
      tags: ['files'],
      summary: 'Pre-signed uploads by file name: uploadId, uploadUrl (PUT the bytes with the content type given in headers; 201 is success) and readUrl, all expiring',
      body: ZFileUploadRequest,
      response: { 201: ZFileUploadResponse },
    },
    handler: async (req, reply) => reply.status(201).send(await issueFileUploads(req.ctx, req.body)),
  });

  // The body is the file itself, of any content type: handed to the route as a stream, never parsed or buffered.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    raw.put(`${DEFAULT_FILES_PATH}/*`, {
      config: { public: true },
      bodyLimit: Number.MAX_SAFE_INTEGER,
      schema: { tags: ['files'], summary: 'Uploads the bytes of a pre-signed upload (local storage; the signature is the grant); 201', response: { 201: z.object({ uploadId: z.string() }) } },
      onRequest: async (req) => {
        if (Number(req.headers['content-length'] ?? 0) > req.ctx.config.documentMaxBytes) throw tooLarge(req.ctx.config);
      },
      handler: async (req, reply) => reply.status(201).send(await receiveSignedUpload(req.ctx, req.url, req.headers['content-type'], req.raw)),
    });
  });
}
