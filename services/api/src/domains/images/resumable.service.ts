import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ZIdempotencyKey, type TUploadedFile } from '@insp/contracts';
import { SIZE_LIMITS } from '@insp/storage';
import type { Upload as TusUpload } from '@tus/utils';
import { AppError, type ServiceContext } from '../../context.js';
import { fingerprint, runKeyedAnswer, sha256 } from '../../lib/idempotency.js';
import { uploadImage, uploadVoiceComment } from './images.service.js';

/*
 * Resumable uploads (issue 23, docs/decisions.md "Camera, voice comments and resumable uploads"): tus's parts land in
 * a working directory; the finished file goes through the same services as the multipart routes (type by its bytes,
 * our storage, the images / voice_comments row), once per the client's idempotency key.
 */

export const UPLOAD_KINDS = { image: SIZE_LIMITS.image, voice: SIZE_LIMITS.voiceComment } as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;

/** The Upload-Metadata a client sends (tus encodes each value in base64), checked when the upload is created. */
export interface UploadMetadata {
  kind: UploadKind;
  filename: string | null;
  idempotencyKey: string | null;
  /** Set by the server at creation: only the user who made an upload may continue or finish it. */
  owner: string;
}

const isKind = (kind: unknown): kind is UploadKind => typeof kind === 'string' && Object.hasOwn(UPLOAD_KINDS, kind);

/** Checks a new upload's metadata and length (the same limits as the multipart routes); 400 naming the field. */
export function checkNewUpload(ctx: ServiceContext, upload: TusUpload): UploadMetadata {
  const meta = upload.metadata ?? {};
  if (!isKind(meta.kind)) throw new AppError('BAD_REQUEST', 'kind: send image or voice in Upload-Metadata', 'kind');
  if (upload.size === undefined) throw new AppError('BAD_REQUEST', 'file: send Upload-Length (its size) when creating the upload', 'file');
  const limit = UPLOAD_KINDS[meta.kind];
  if (upload.size > limit) throw new AppError('BAD_REQUEST', `file: larger than ${limit / 1024 / 1024} MB`, 'file');
  if (upload.size === 0) throw new AppError('BAD_REQUEST', 'file: the file is empty', 'file');
  const key = meta.idempotencyKey ?? null;
  if (key !== null && !ZIdempotencyKey.safeParse(key).success) throw new AppError('BAD_REQUEST', 'idempotencyKey: is not a key (1 to 200 visible characters)', 'idempotencyKey');
  return { kind: meta.kind, filename: meta.filename?.slice(0, 255) ?? null, idempotencyKey: key, owner: ctx.actor!.userId };
}

/** The metadata stored with an upload, as checkNewUpload made it (null for an upload this API did not make). */
export function storedMetadata(upload: TusUpload): UploadMetadata | null {
  const meta = upload.metadata ?? {};
  if (!isKind(meta.kind) || !meta.owner) return null;
  return { kind: meta.kind, filename: meta.filename ?? null, idempotencyKey: meta.idempotencyKey ?? null, owner: meta.owner };
}

/**
 * The finished upload becomes an image or a voice comment. With a key, a repeat (the same file uploaded again under
 * the same key, e.g. after the first finish's answer was lost) answers the first id and stores nothing; the request
 * is the kind, file name and sha256 of the bytes, so a tus finish and a multipart POST with one key are different
 * requests (409).
 */
export async function finishUpload(ctx: ServiceContext, directory: string, upload: TusUpload): Promise<TUploadedFile> {
  const meta = storedMetadata(upload);
  if (!meta || meta.owner !== ctx.actor?.userId) throw new AppError('NOT_FOUND', 'Upload not found');
  // Its parts gone (finished meanwhile, or swept as expired) is the upload gone: 404, as tus answers it.
  const bytes = await readFile(join(directory, upload.id)).catch((err: NodeJS.ErrnoException) => {
    throw err.code === 'ENOENT' ? new AppError('NOT_FOUND', 'Upload not found') : err;
  });
  const file = { bytes, fileName: meta.filename ?? undefined };
  const key = meta.idempotencyKey ? { key: meta.idempotencyKey, field: 'idempotencyKey' } : undefined;
  const operation = meta.kind === 'image' ? 'image.upload' : 'voice.upload';
  const hash = fingerprint({ via: 'tus', kind: meta.kind, fileName: meta.filename, sha256: sha256(bytes) });
  const answer = await runKeyedAnswer(ctx, { operation, key, hash }, async (c) => ({
    status: 201,
    body: meta.kind === 'image' ? await uploadImage(c, file) : await uploadVoiceComment(c, file),
  }));
  return answer.body;
}
