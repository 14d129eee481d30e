import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  P,
  ZDocument,
  ZDocumentCategory,
  ZDocumentCategoryInput,
  ZDocumentLibraryNode,
  ZDocumentMetadataInput,
  ZDocumentPackage,
  ZDocumentPackageInput,
  ZDocumentStorageUrl,
  ZId,
} from '@insp/contracts';
import { contentDisposition } from '@insp/storage';
import { AppError, requirePermission } from '../../context.js';
import { typed } from '../../rest/route-helpers.js';
import { categoriesWithDocuments, documentsOfPoint, documentStorageUrl, readDocumentFile } from './documents-read.service.js';
import { addDocumentVersion, assertNameFree, createDocument, createDocumentCategory, deleteDocument, saveDocumentMetadata } from './documents-write.service.js';
import { createDocumentPackage, listDocumentPackages, updateDocumentPackage } from './document-packages.service.js';
import { documentFileName, removeStored, storeDocumentFile, tooLarge, type StoredDocumentFile } from './documents.files.js';
import { keyFromHeaders } from '../../lib/idempotency.js';

const tags = ['documents'];
const base = '/api/v1/documentlibrary';
const params = z.object({ id: ZId });
const ZVersionQuery = z.object({ version: z.coerce.number().int().min(1).max(100_000).optional() });
const UPLOADS = new Set([`${base}/document`, `${base}/document/version`]);
/** Room for the text fields of the form beside the file. */
const FORM_SLACK = 256 * 1024;
const LIST_FIELDS = new Set(['inspectionPointIds', 'productFamilyIds', 'productModelIds']);
const UPLOAD_FIELDS = new Set(['summary', 'sourceSystem', 'categoryId', ...LIST_FIELDS]);
const VERSION_FIELDS = new Set(['sourceSystem', 'parentDocumentId']);

/**
 * The document library calls of spec 002 §7 at their paths. Uploads are multipart with one file part (`file`), which
 * streams into storage as it arrives (documents.files.ts); the text fields may come before or after it.
 */
export async function documentsRestRoutes(app: FastifyInstance) {
  // Refuse before reading an upload's body: no token, too low a role or a declared length over the limit.
  app.addHook('onRequest', async (req) => {
    if (req.method !== 'POST' || !UPLOADS.has(req.routeOptions.url ?? '')) return;
    requirePermission(req.ctx, P.documents);
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > req.ctx.config.documentMaxBytes + FORM_SLACK) throw tooLarge(req.ctx.config);
  });
  await app.register(multipart);
  const r = typed(app);
  const multipartOnly = { consumes: ['multipart/form-data'] };

  r.post(`${base}/document`, {
    schema: {
      tags,
      summary: "Uploads one document (multipart: file, summary, sourceSystem='UI', categoryId, inspectionPointIds, productFamilyIds, productModelIds; id lists repeated or comma-separated). The type is judged by the bytes and must match the extension; a name taken by a live document is a 409",
      ...multipartOnly,
      response: { 201: ZDocument },
    },
    handler: async (req, reply) => {
      const form = await documentForm(req, true);
      return reply.status(201).send(await createDocument(req.ctx, form.fields, form.file));
    },
  });
  r.post(`${base}/document/version`, {
    schema: { tags, summary: 'Uploads a new version of a document (multipart: file, sourceSystem, parentDocumentId); earlier versions stay downloadable', ...multipartOnly, response: { 201: ZDocument } },
    handler: async (req, reply) => {
      const form = await documentForm(req, false);
      return reply.status(201).send(await addDocumentVersion(req.ctx, form.fields, form.file, keyFromHeaders(req.headers)));
    },
  });
  r.delete(`${base}/document/:id`, {
    schema: { tags, summary: 'Soft-deletes a document (its versions stay stored; reads and lists leave it out)', params, response: { 200: z.object({ id: ZId }) } },
    handler: (req) => deleteDocument(req.ctx, req.params.id),
  });
  r.get(`${base}/categories`, {
    schema: { tags, summary: 'The nested category tree, each category with its documents (uncategorized documents are not in it)', response: { 200: z.array(ZDocumentCategory) } },
    handler: (req) => categoriesWithDocuments(req.ctx),
  });
  r.post(`${base}/categories`, {
    schema: { tags, summary: 'Adds a category (under parentCategoryId, or at the top); a sibling with the name is a 409', body: ZDocumentCategoryInput, response: { 201: ZDocumentLibraryNode } },
    handler: async (req, reply) => reply.status(201).send(await createDocumentCategory(req.ctx, req.body)),
  });
  r.get(`${base}/documents/inspectionPoint/:id`, {
    schema: { tags, summary: 'The documents linked to an inspection point', params, response: { 200: z.array(ZDocument) } },
    handler: (req) => documentsOfPoint(req.ctx, req.params.id),
  });
  // 002 §7 writes GET …/{id}/ (with the slash), which is served; the OpenAPI document lists it without the slash
  // (redocly refuses trailing slashes), and that path is served too.
  for (const [path, hide] of [[`${base}/:id`, false], [`${base}/:id/`, true]] as const) {
    r.get(path, {
      schema: { tags, hide, summary: "A document's bytes (the current version, or ?version=N), as an attachment under its file name", params, querystring: ZVersionQuery },
      handler: async (req, reply) => {
        const { file, fileName } = await readDocumentFile(req.ctx, req.params.id, req.query.version);
        return reply
          .type(file.contentType)
          .header('content-length', file.size)
          .header('content-disposition', contentDisposition(fileName))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-cache')
          .send(file.body);
      },
    });
  }
  r.post(`${base}/document/metadata`, {
    schema: { tags, summary: "Saves a document's category (null: uncategorized) and replaces its links to inspection points, product families and models", body: ZDocumentMetadataInput, response: { 200: ZDocument } },
    handler: (req) => saveDocumentMetadata(req.ctx, req.body),
  });
  r.get(`${base}/document/:id/storageurl`, {
    schema: { tags, summary: "An expiring link to a document's bytes that needs no token (current version, or ?version=N)", params, querystring: ZVersionQuery, response: { 200: ZDocumentStorageUrl } },
    handler: (req) => documentStorageUrl(req.ctx, req.params.id, req.query.version),
  });
  r.get(`${base}/documentpackage`, {
    schema: { tags, summary: 'Every document package with its documents', response: { 200: z.array(ZDocumentPackage) } },
    handler: (req) => listDocumentPackages(req.ctx),
  });
  r.post(`${base}/documentpackage`, {
    schema: { tags, summary: 'Creates a document package (type Auto/Automatic synching, Proposed/Proposed for synching or Manual/Manual synching)', body: ZDocumentPackageInput, response: { 201: ZDocumentPackage } },
    handler: async (req, reply) => reply.status(201).send(await createDocumentPackage(req.ctx, req.body, keyFromHeaders(req.headers))),
  });
  r.put(`${base}/documentpackage/:documentPackageId`, {
    schema: { tags, summary: "Replaces a document package's name, type and documents", params: z.object({ documentPackageId: ZId }), body: ZDocumentPackageInput, response: { 200: ZDocumentPackage } },
    handler: (req) => updateDocumentPackage(req.ctx, req.params.documentPackageId, req.body),
  });
}

const bad = (field: string, message: string) => new AppError('BAD_REQUEST', `${field}: ${message}`, field);

/**
 * The upload form: text fields collected, the one `file` part streamed into storage when it arrives. Anything that
 * goes wrong after the file is stored (a second file, a bad field, a refused write) removes it again.
 */
async function documentForm(req: FastifyRequest, isNew: boolean): Promise<{ fields: Record<string, unknown>; file: StoredDocumentFile }> {
  if (!req.isMultipart()) throw bad('file', 'send the document as multipart/form-data');
  const config = req.ctx.config;
  const raw: Record<string, string[]> = {};
  let file: StoredDocumentFile | null = null;
  try {
    const parts = req.parts({ limits: { files: 1, fileSize: config.documentMaxBytes + 1, fields: 50, fieldSize: 64 * 1024, parts: 60 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw bad(part.fieldname, 'the file is sent as `file`');
        // A taken name is refused before the bytes are read (and checked again when the document is written).
        if (isNew) await assertNameFree(req.ctx.db, documentFileName(part.filename).fileName);
        file = await storeDocumentFile(config, part.file, part.filename);
      } else {
        // As REST bodies (strict-bodies.ts): a field the server does not know is refused, never dropped.
        if (!(isNew ? UPLOAD_FIELDS : VERSION_FIELDS).has(part.fieldname)) throw bad(part.fieldname, 'unknown field');
        (raw[part.fieldname] ??= []).push(String(part.value));
      }
    }
    if (!file) throw bad('file', 'no file was sent');
    return { fields: formFields(raw), file };
  } catch (err) {
    await removeStored(config, [file]);
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(config);
    if (code === 'FST_FILES_LIMIT') throw bad('file', 'one document per request');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw bad('file', 'too many form fields');
    throw err;
  }
}

/** Form text as the JSON the schemas read: id lists repeated, comma-separated or JSON arrays; '' or 'null' is no value. */
function formFields(raw: Record<string, string[]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(raw)) {
    if (LIST_FIELDS.has(key)) {
      out[key] = values.flatMap((v) => {
        const t = v.trim();
        if (t.startsWith('[')) {
          try {
            const parsed: unknown = JSON.parse(t);
            if (Array.isArray(parsed)) return parsed;
          } catch {
            /* not JSON: read as a comma list */
          }
        }
        return t.split(',').map((s) => s.trim()).filter(Boolean);
      });
    } else {
      const v = values.at(-1)!;
      out[key] = key === 'categoryId' && (v.trim() === '' || v.trim() === 'null') ? null : v;
    }
  }
  return out;
}
