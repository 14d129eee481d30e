import { AsyncLocalStorage } from 'node:async_hooks';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { EVENTS, type Upload as TusUpload } from '@tus/utils';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { P } from '@insp/contracts';
import type { AppConfig } from '../../config.js';
import { AppError, requirePermission, type ServiceContext } from '../../context.js';
import { checkNewUpload, finishUpload, storedMetadata } from './resumable.service.js';
import { openUploadIndex } from './open-uploads.js';

export const UPLOADS_PATH = '/api/v1/uploads';
/** The finished upload's image or voice comment id, on the last PATCH's answer and on a HEAD of a finished upload. */
export const RESULT_HEADER = 'Upload-Result-Id';
/** An upload not finished within a day is deleted (its parts were on the API's disk). */
const EXPIRES_MS = 24 * 3600_000;
/** How long a finished upload's id is still answered to a HEAD that raced its finish. */
const FINISHED_KEPT_MS = 60_000;

/** The caller of the request tus is handling: tus's hooks see only a web Request, not Fastify's. */
const caller = new AsyncLocalStorage<ServiceContext>();
const callerCtx = () => {
  const ctx = caller.getStore();
  if (!ctx) throw new Error('tus hook outside a request');
  return ctx;
};

/** tus answers a thrown `{status_code, body}`; ours is the API's error body. */
const tusError = (err: unknown) => {
  if (err instanceof AppError) return { status_code: err.status, body: JSON.stringify(err.toBody()) };
  throw err;
};

/**
 * Resumable uploads of photos, signatures and voice comments (tus 1.0 with creation, `@tus/server`):
 * POST api/v1/uploads creates one (Upload-Length, Upload-Metadata `kind` image|voice, `filename`, `idempotencyKey`),
 * PATCH api/v1/uploads/{id} sends bytes from Upload-Offset, HEAD tells the offset to resume from. The last PATCH
 * answers the image or voice comment id in `Upload-Result-Id`. Same rights as the multipart routes (P.reports);
 * an upload belongs to the user who made it (others get 404).
 */
export async function resumableUploadRoutes(app: FastifyInstance) {
  // The working directory comes from the configuration, which routes see per request: one tus server per config.
  const servers = new WeakMap<AppConfig, Tus>();
  const sweeps = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => sweeps.forEach(clearInterval));
  const tusOf = (config: AppConfig) => {
    let tus = servers.get(config);
    if (!tus) servers.set(config, (tus = createTus(join(config.dataDir, 'tus-uploads'), app, sweeps)));
    return tus;
  };

  // tus reads the PATCH body itself (streamed to disk): Fastify must leave it unread.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const ctx = requirePermission(req.ctx, P.reports);
    // tus reads the upload's id from the whole URL, query included ('/uploads/<mine>?x=/<theirs>' names theirs),
    // while the owner check reads the route's: a tus client sends no query, so none is taken.
    if (req.raw.url?.includes('?')) throw new AppError('BAD_REQUEST', 'uploadId: a resumable upload takes no query string', 'uploadId');
    const tus = tusOf(ctx.config);
    if (await tus.beforeTus(ctx, req, reply)) return reply;
    reply.hijack();
    await caller.run(ctx, () => tus.server.handle(req.raw, reply.raw));
  };
  const tags = ['images'];
  const params = z.object({ uploadId: z.string().regex(/^[0-9a-zA-Z_-]{1,100}$/) });
  app.post(UPLOADS_PATH, {
    schema: { tags, summary: 'Starts a resumable upload of a photo, signature or voice comment (tus 1.0 creation: Upload-Length, Upload-Metadata kind, filename, idempotencyKey); 201 with its Location' },
    handler,
  });
  app.route({
    method: 'HEAD',
    url: `${UPLOADS_PATH}/:uploadId`,
    schema: { tags, params, summary: 'The offset a resumable upload goes on from (Upload-Offset); a finished one names its id in Upload-Result-Id' },
    handler,
  });
  app.patch(`${UPLOADS_PATH}/:uploadId`, {
    schema: { tags, params, summary: 'Sends the next bytes of a resumable upload from Upload-Offset (application/offset+octet-stream); the last answers Upload-Result-Id' },
    handler,
  });
  app.delete(`${UPLOADS_PATH}/:uploadId`, { schema: { tags, params, summary: 'Cancels an unfinished resumable upload' }, handler });
}

type Tus = ReturnType<typeof createTus>;

function createTus(directory: string, app: FastifyInstance, sweeps: Set<NodeJS.Timeout>) {
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: EXPIRES_MS });
  const openUploads = openUploadIndex(datastore);

  /** The finished file becomes its row once per key; its parts are deleted then (a repeat of the key re-uploads). */
  async function finishParts(upload: TusUpload) {
    try {
      const { id } = await finishUpload(callerCtx(), directory, upload);
      // Gone already is what we wanted (an earlier finish, the hourly clean-up): not a failure of this one.
      await datastore.remove(upload.id).catch(() => {});
      await openUploads.release(upload.id);
      return id;
    } catch (err) {
      // A refused file (type, rights) will never be accepted: drop its parts. A failure of ours keeps them for HEAD.
      if (err instanceof AppError) await datastore.remove(upload.id).then(() => openUploads.release(upload.id), () => {});
      throw err;
    }
  }

  /**
   * One finish per upload at a time: the last PATCH's finish runs after tus released the upload's lock, and a HEAD
   * of a complete upload finishes it too (beforeTus), so both can meet. The second waits for the first and answers
   * its id; a finished one's answer is kept a minute for a HEAD that comes just after (its parts are gone then).
   */
  const finishing = new Map<string, { owner: string | undefined; size: number; done: Promise<string> }>();
  function finish(upload: TusUpload): Promise<string> {
    const running = finishing.get(upload.id);
    if (running) return running.done;
    const done = finishParts(upload);
    finishing.set(upload.id, { owner: storedMetadata(upload)?.owner, size: upload.size ?? 0, done });
    done.then(
      () => setTimeout(() => finishing.delete(upload.id), FINISHED_KEPT_MS).unref(),
      () => finishing.delete(upload.id), // a failure is tried again by the next HEAD
    );
    return done;
  }

  const options: ConstructorParameters<typeof Server>[0] = {
    path: UPLOADS_PATH,
    datastore,
    relativeLocation: true,
    exposedHeaders: [RESULT_HEADER],
    async onUploadCreate(_req, upload) {
      try {
        const meta = checkNewUpload(callerCtx(), upload);
        await openUploads.take(meta.owner, upload.id); // 429 past the cap of unfinished uploads per user
        return { metadata: { ...meta } }; // a plain record, as tus types it
      } catch (err) {
        throw tusError(err);
      }
    },
    async onUploadFinish(_req, upload) {
      try {
        return { headers: { [RESULT_HEADER]: await finish(upload) } };
      } catch (err) {
        throw tusError(err);
      }
    },
  };
  const tus = new Server(options);
  tus.on(EVENTS.POST_TERMINATE, (_req, _res, id) => void openUploads.release(id));
  const sweep = setInterval(() => void tus.cleanUpExpiredUploads().catch((err) => app.log.warn({ err }, 'tus clean-up failed')), 3600_000);
  sweep.unref();
  sweeps.add(sweep);

  /**
   * HEAD/PATCH/DELETE of someone else's upload: 404 as if it did not exist. A HEAD of an upload whose bytes all
   * arrived but whose finish failed finishes it and answers itself (true): the parts are gone after the finish. A
   * HEAD while a finish runs or within a minute after it answers that finish's id.
   */
  async function beforeTus(ctx: ServiceContext, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const id = (req.params as { uploadId?: string }).uploadId;
    if (!id) return false;
    const answer = (size: number, resultId: string) => {
      reply.status(200).headers({ 'tus-resumable': '1.0.0', 'upload-offset': size, 'upload-length': size, 'cache-control': 'no-store', [RESULT_HEADER]: resultId }).send();
      return true;
    };
    const kept = req.method === 'HEAD' ? finishing.get(id) : undefined;
    if (kept) {
      if (kept.owner !== ctx.actor?.userId) throw new AppError('NOT_FOUND', 'Upload not found');
      return answer(kept.size, await kept.done);
    }
    const upload = await datastore.getUpload(id).catch(() => null);
    if (!upload) return false;
    if (storedMetadata(upload)?.owner !== ctx.actor?.userId) throw new AppError('NOT_FOUND', 'Upload not found');
    if (req.method !== 'HEAD' || upload.size === undefined || upload.offset !== upload.size) return false;
    // Outside tus's lock: a PATCH finishing this upload now is joined, not repeated (finish).
    return answer(upload.size, await caller.run(ctx, () => finish(upload)));
  }

  return { server: tus, beforeTus };
}
