import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ONLY_ONE_FILE, P, ZId, ZImageUploadParams, ZText, ZUploadedFile } from '@insp/contracts';
import { SIZE_LIMITS, type StoredObject } from '@insp/storage';
import { AppError, requirePermission } from '../../context.js';
import { answerOnce, keyedWrite } from '../../rest/keyed-route.js';
import { typed } from '../../rest/route-helpers.js';
import { sha256 } from '../../lib/idempotency.js';
import { readImage, readVoiceComment, uploadImage, uploadVoiceComment, type Upload } from './images.service.js';

const tags = ['images'];
const params = z.object({ id: ZId });
const UPLOAD_ROUTES = new Set(['/api/v1/images', '/api/v1/images/:protocolPointId/:index', '/api/v1/voicecomment']);

/**
 * Photos, signatures and voice comments (spec 000 §7): uploads are multipart with exactly one file (000 §5,
 * 'Only one file allowed at a time'); downloads stream the stored bytes. The multipart parser lives only in
 * this plugin.
 */
export async function imagesRestRoutes(app: FastifyInstance) {
  // Refuse before reading an upload's body: a caller without a token must not make us take in 20 MB.
  app.addHook('onRequest', async (req) => {
    if (req.method === 'POST' && UPLOAD_ROUTES.has(req.routeOptions.url ?? '')) requirePermission(req.ctx, P.reports);
  });
  await app.register(multipart, { limits: { files: 2, fileSize: SIZE_LIMITS.image, fields: 10, parts: 20 } });
  const r = typed(app);
  const uploaded = { 201: ZUploadedFile };

  r.post('/api/v1/images', {
    ...keyedWrite('image.upload'),
    schema: { tags, summary: 'Uploads one photo or signature (multipart, one file: jpeg or png by its bytes); 201 with its id', response: uploaded },
    handler: async (req, reply) => {
      const file = await oneFile(req);
      // A repeat with the same key and bytes answers the first id and stores nothing (the key is looked up first).
      return answerOnce(req, reply, 201, (ctx) => uploadImage(ctx, file), { fileName: file.fileName ?? null, sha256: sha256(file.bytes) });
    },
  });
  r.post('/api/v1/images/:protocolPointId/:index', {
    schema: {
      tags,
      summary: 'Uploads a photo for a point of an edited inspection (the save links it by its id); 201 with its id',
      params: ZImageUploadParams,
      response: uploaded,
    },
    handler: async (req, reply) => reply.status(201).send(await uploadImage(req.ctx, await oneFile(req))),
  });
  r.post('/api/v1/voicecomment', {
    ...keyedWrite('voice.upload'),
    schema: { tags, summary: 'Uploads one voice comment (multipart, one file: m4a, aac, mp3, wav, ogg or webm); 201 with its id', response: uploaded },
    handler: async (req, reply) => {
      const file = await oneFile(req);
      // As the photo upload (issue 23): a repeat with the same key and bytes answers the first id, stores nothing.
      return answerOnce(req, reply, 201, (ctx) => uploadVoiceComment(ctx, file), { fileName: file.fileName ?? null, sha256: sha256(file.bytes) });
    },
  });
  r.get('/api/v1/images/:id/file', {
    // Public so a signed link from a report view (no bearer token on <img>) reaches the service, which checks
    // the signature or else the token and the reader's rights.
    config: { public: true },
    schema: {
      tags,
      summary: 'The bytes of an image (bearer token, or a signed link from a report view)',
      params,
      querystring: z.object({ expires: z.coerce.number().int().positive().optional(), sig: ZText.max(100).optional() }),
    },
    handler: async (req, reply) => sendFile(reply, await readImage(req.ctx, req.params.id, req.query)),
  });
  r.get('/api/v1/voicecomment/:id/file', {
    schema: { tags, summary: 'The bytes of a voice comment', params },
    handler: async (req, reply) => sendFile(reply, await readVoiceComment(req.ctx, req.params.id)),
  });
}

/** Exactly one file part (000 §5); its bytes in memory, within the size limit. */
async function oneFile(req: FastifyRequest): Promise<Upload> {
  if (!req.isMultipart()) throw new AppError('BAD_REQUEST', 'file: send the file as multipart/form-data', 'file');
  let upload: Upload | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (upload) throw new AppError('BAD_REQUEST', `file: ${ONLY_ONE_FILE}`, 'file');
      upload = { bytes: await part.toBuffer(), fileName: part.filename };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('BAD_REQUEST', `file: larger than ${SIZE_LIMITS.image / 1024 / 1024} MB`, 'file');
    if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', `file: ${ONLY_ONE_FILE}`, 'file');
    throw err;
  }
  if (!upload) throw new AppError('BAD_REQUEST', `file: ${ONLY_ONE_FILE}`, 'file');
  return upload;
}

function sendFile(reply: FastifyReply, file: StoredObject) {
  // An id's bytes never change: the browser may keep them (privately: they are not public).
  return reply.type(file.contentType).header('content-length', file.size).header('cache-control', 'private, max-age=31536000, immutable').send(file.body);
}
