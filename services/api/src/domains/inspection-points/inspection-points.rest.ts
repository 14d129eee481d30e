import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  P,
  POINT_JSON_FIELDS,
  ZId,
  ZInspectionPoint,
  ZInspectionPointListItem,
  ZInspectionPointListQuery,
  acceptingEchoes,
  ZInspectionPointWrite,
  ZPointDocument,
  ZPointGeneralFields,
  ZPointProtocols,
  ZText,
} from '@insp/contracts';
import { SIZE_LIMITS } from '@insp/storage';
import { AppError, requirePermission } from '../../context.js';
import { fromZodIssues } from '../../errors.js';
import { keyFromHeaders } from '../../lib/idempotency.js';
import { typed } from '../../rest/route-helpers.js';
import type { DocumentUpload } from './inspection-points.documents.js';
import { uploadPointFiles } from './inspection-points.documents.js';
import { duplicatePoint } from './inspection-points-duplicate.service.js';
import { getPoint, listPoints, pointProtocols } from './inspection-points-read.service.js';
import { createPoint, deletePoint, updateGeneralFields, updatePoint } from './inspection-points-write.service.js';

const tags = ['inspection points'];
const params = z.object({ id: ZId });
const MAX_FILES = 20;

declare module 'fastify' {
  interface FastifyRequest {
    /** Files of a multipart point write (`uploadedFiles`), and which top-level keys the caller actually sent. */
    pointFiles?: DocumentUpload[];
    pointKeys?: Set<string>;
  }
}

const BOOLEAN_FIELDS = new Set(['contentRequired', 'nameOverridable']);
// Also the read-only parts GET answers that a client may send back as read (JSON text in a multipart body).
const JSON_FIELDS = new Set<string>([...POINT_JSON_FIELDS, 'documents', 'translations', 'descriptionTranslations', 'usage']);
const ID_LIST_FIELDS = new Set(['addedDocumentIds', 'removedDocumentIds']);

const bad = (field: string, message: string) => new AppError('BAD_REQUEST', `${field}: ${message}`, field);

/**
 * A multipart point write (001 §7) as the JSON body the schema checks: nested parts arrive as JSON text, booleans as
 * 'true'/'false', an empty text as no value; file parts (`uploadedFiles`) are kept aside for the service.
 */
async function multipartBody(req: FastifyRequest): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const files: DocumentUpload[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'uploadedFiles') throw bad(part.fieldname, 'files are sent as uploadedFiles');
        files.push({ bytes: await part.toBuffer(), fileName: part.filename, contentType: part.mimetype });
        continue;
      }
      const name = part.fieldname;
      const value = String(part.value ?? '');
      if (ID_LIST_FIELDS.has(name) && !value.trim().startsWith('[')) {
        // Also accepted: the field repeated, or one comma-separated text.
        body[name] = [...((body[name] as string[] | undefined) ?? []), ...value.split(',').map((s) => s.trim()).filter(Boolean)];
      } else if (JSON_FIELDS.has(name)) {
        if (value === '') continue;
        try {
          body[name] = JSON.parse(value);
        } catch {
          throw bad(name, 'is not valid JSON');
        }
      } else if (BOOLEAN_FIELDS.has(name)) {
        if (value !== 'true' && value !== 'false') throw bad(name, "must be 'true' or 'false'");
        body[name] = value === 'true';
      } else if (value !== '' && value !== 'null' && value !== 'undefined') {
        body[name] = value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw bad('uploadedFiles', `a file is larger than ${SIZE_LIMITS.document / 1024 / 1024} MB`);
    if (code === 'FST_FILES_LIMIT') throw bad('uploadedFiles', `at most ${MAX_FILES} files at a time`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw bad('body', 'too many form fields');
    throw err;
  }
  req.pointFiles = files;
  return body;
}

/**
 * REST api/v1 routes of inspection point authoring (001 §7 table "Inspection points"). Every route needs P.authoring,
 * checked before a body is read. 'list' is a static path, so it wins over '{id}' whatever the order.
 */
export async function inspectionPointsRestRoutes(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    requirePermission(req.ctx, P.authoring);
  });
  await app.register(multipart, { limits: { files: MAX_FILES, fileSize: SIZE_LIMITS.document, fields: 100, parts: 200, fieldSize: 4 * 1024 * 1024 } });
  // Runs before the schema check: a multipart body becomes the JSON object the schema validates.
  const preValidation = async (req: FastifyRequest) => {
    if (req.isMultipart()) req.body = await multipartBody(req);
    req.pointKeys = new Set(Object.keys((req.body as object | undefined) ?? {}));
  };
  const r = typed(app);
  const deleteMissing = z.object({ deleteMissingById: z.enum(['true', 'false']).optional() });

  r.get('/api/v1/inspectionPoints/list', {
    schema: {
      tags,
      summary: 'Live points by name, searched and filtered; the total is in the X-Total-Count header',
      querystring: ZInspectionPointListQuery,
      response: { 200: z.array(ZInspectionPointListItem) },
    },
    handler: async (req, reply) => {
      const page = await listPoints(req.ctx, req.query);
      return reply.header('x-total-count', String(page.count)).send(page.result);
    },
  });
  r.post('/api/v1/inspectionPoints', {
    preValidation,
    schema: {
      tags,
      summary: "Creates a point (multipart: sourceSystem='UI', point fields, nested parts as JSON text, files as uploadedFiles; or a JSON body). An optional Idempotency-Key header makes a repeat answer the point the first call made",
      consumes: ['application/json', 'multipart/form-data'],
      body: ZInspectionPointWrite,
      response: { 201: ZInspectionPoint },
    },
    handler: async (req, reply) => reply.status(201).send(await createPoint(req.ctx, req.body, { files: req.pointFiles, key: keyFromHeaders(req.headers) })),
  });
  r.put('/api/v1/inspectionPoints/:id', {
    // The query is checked before the body (Fastify checks the body first): a bad flag is named even without a body.
    preValidation: async (req) => {
      const q = deleteMissing.safeParse(req.query);
      if (!q.success) throw fromZodIssues(q.error.issues);
      await preValidation(req);
    },
    schema: {
      tags,
      summary: 'Updates a point; with deleteMissingById=true the rows the payload omits are removed, otherwise kept',
      consumes: ['application/json', 'multipart/form-data'],
      params,
      querystring: deleteMissing,
      // What GET answered may come back as it is (000 issue 20): its read-only fields are known, and ignored.
      body: acceptingEchoes(ZInspectionPointWrite, ZInspectionPoint),
      response: { 200: ZInspectionPoint },
    },
    handler: (req) =>
      updatePoint(req.ctx, req.params.id, req.body, {
        deleteMissing: req.query.deleteMissingById === 'true',
        metasGiven: req.pointKeys?.has('metas') ?? true,
        files: req.pointFiles,
      }),
  });
  r.put('/api/v1/inspectionPoints/:id/files', {
    schema: { tags, summary: 'Uploads files (multipart uploadedFiles) as uncategorized documents linked to the point; answers its documents. An optional Idempotency-Key header makes a repeat upload nothing', params, consumes: ['multipart/form-data'], response: { 200: z.array(ZPointDocument) } },
    handler: async (req) => {
      if (!req.isMultipart()) throw bad('uploadedFiles', 'send the files as multipart/form-data');
      await multipartBody(req);
      if (!req.pointFiles?.length) throw bad('uploadedFiles', 'no file was sent');
      return uploadPointFiles(req.ctx, req.params.id, req.pointFiles, keyFromHeaders(req.headers));
    },
  });
  r.post('/api/v1/inspectionPoints/:id/duplicate', {
    schema: { tags, summary: "Copies a point as '<name> (copy)' with all its content and new ids", params, response: { 201: ZInspectionPoint } },
    handler: async (req, reply) => reply.status(201).send(await duplicatePoint(req.ctx, req.params.id)),
  });
  r.put('/api/v1/inspectionPoints/:id/generalfields', {
    schema: { tags, summary: 'Updates only the common option fields', params, body: ZPointGeneralFields.extend({ id: ZId.optional() }), response: { 200: ZInspectionPoint } },
    handler: (req) => {
      if (req.body.id && req.body.id !== req.params.id) throw bad('id', 'differs from the id in the path');
      return updateGeneralFields(req.ctx, { ...req.body, id: req.params.id });
    },
  });
  r.delete('/api/v1/inspectionPoints/:id', {
    schema: { tags, summary: 'Soft-deletes a point (also when protocols include it: they then show it as not found)', params, response: { 200: z.object({ id: ZId }) } },
    handler: (req) => deletePoint(req.ctx, req.params.id),
  });
  r.get('/api/v1/inspectionPoints/:id', {
    schema: { tags, summary: 'One live point with everything the editor shows', params, querystring: z.object({ fromWebApp: ZText.max(10).optional() }), response: { 200: ZInspectionPoint } },
    handler: (req) => getPoint(req.ctx, req.params.id),
  });
  r.get('/api/v1/inspectionPoints/:id/protocols', {
    schema: { tags, summary: 'The live protocols that include the point', params, response: { 200: ZPointProtocols } },
    handler: (req) => pointProtocols(req.ctx, req.params.id),
  });
}
