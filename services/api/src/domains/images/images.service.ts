import { imageSize } from 'image-size';
import { detectContentType, newStorageKey, SIZE_LIMITS, type StoredObject } from '@insp/storage';
import { IMAGE_CONTENT_TYPES, P, UNALLOWED_FILE_TYPE, VOICE_CONTENT_TYPES, type TUploadedFile } from '@insp/contracts';
import { AppError, requirePermission, type ServiceContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { storageOf } from '../../lib/storage.js';
import { canReadImage, canReadVoiceComment } from './images.access.js';
import { validImageSignature } from './image-links.js';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
};

export interface Upload {
  bytes: Buffer;
  fileName?: string;
}

/**
 * POST api/v1/images (and images/{protocolPointId}/{index}): one photo or signature, judged by its bytes
 * (000 §5: jpeg, jpg, png only → 'Unallowed file type'), stored under a generated key. Anyone who may
 * work on reports uploads (P.reports); the owning save links it to a result, finding or signature.
 */
export async function uploadImage(ctx: ServiceContext, upload: Upload): Promise<TUploadedFile> {
  const c = requirePermission(ctx, P.reports);
  const contentType = detectContentType(upload.bytes);
  if (!contentType || !(IMAGE_CONTENT_TYPES as readonly string[]).includes(contentType)) throw new AppError('BAD_REQUEST', `file: ${UNALLOWED_FILE_TYPE}`, 'file');
  let size: { width?: number; height?: number } = {};
  try {
    size = imageSize(upload.bytes);
  } catch {
    throw new AppError('BAD_REQUEST', 'file: the image cannot be read', 'file');
  }
  const key = newStorageKey('images', EXTENSIONS[contentType]);
  const stored = await storageOf(c.config).put(key, upload.bytes, { contentType, maxBytes: SIZE_LIMITS.image });
  const row = await c.db
    .insertInto('images')
    .values({
      storage_key: key,
      content_type: contentType,
      size: stored.size,
      sha256: stored.sha256,
      original_name: upload.fileName?.slice(0, 255) ?? null,
      uploaded_by_user_id: c.actor.userId,
      width: size.width ?? null,
      height: size.height ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

/** Voice comments recorded in the field (m4a, aac, mp3, wav, ogg, webm by their bytes). Not in the spec; docs/decisions.md. */
export async function uploadVoiceComment(ctx: ServiceContext, upload: Upload): Promise<TUploadedFile> {
  const c = requirePermission(ctx, P.reports);
  // Safari's MediaRecorder writes its audio in an MP4 of brand iso5/mp42 (read as video/mp4): a voice comment there.
  const detected = detectContentType(upload.bytes);
  const contentType = detected === 'video/mp4' ? 'audio/mp4' : detected;
  if (!contentType || !(VOICE_CONTENT_TYPES as readonly string[]).includes(contentType)) throw new AppError('BAD_REQUEST', `file: ${UNALLOWED_FILE_TYPE}`, 'file');
  const key = newStorageKey('voice', EXTENSIONS[contentType]);
  const stored = await storageOf(c.config).put(key, upload.bytes, { contentType, maxBytes: SIZE_LIMITS.voiceComment });
  const row = await c.db
    .insertInto('voice_comments')
    .values({ storage_key: key, content_type: contentType, size: stored.size, sha256: stored.sha256, original_name: upload.fileName?.slice(0, 255) ?? null, uploaded_by_user_id: c.actor.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

/**
 * GET api/v1/images/{id}/file: the bytes, for whoever may read the image (images.access.ts), or for a link a
 * report view signed (image-links.ts).
 */
export async function readImage(ctx: ServiceContext, id: string, link: { expires?: number; sig?: string } = {}): Promise<StoredObject> {
  const signed = validImageSignature(ctx.config, id, link.expires, link.sig);
  const row = await ctx.db.selectFrom('images').select('storage_key').where('id', '=', id).executeTakeFirst();
  if (!signed) {
    const c = requirePermission(ctx, P.reports);
    if (!row || !(await canReadImage(c.db, c.actor, id))) throw notFound('Image');
  }
  if (!row) throw notFound('Image');
  const file = await storageOf(ctx.config).get(row.storage_key);
  if (!file) throw notFound('Image');
  return file;
}

/** GET api/v1/voicecomment/{id}/file. */
export async function readVoiceComment(ctx: ServiceContext, id: string): Promise<StoredObject> {
  const c = requirePermission(ctx, P.reports);
  const row = await c.db.selectFrom('voice_comments').select('storage_key').where('id', '=', id).executeTakeFirst();
  if (!row || !(await canReadVoiceComment(c.db, c.actor, id))) throw notFound('Voice comment');
  const file = await storageOf(c.config).get(row.storage_key);
  if (!file) throw notFound('Voice comment');
  return file;
}
