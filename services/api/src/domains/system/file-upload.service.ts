import type { Readable } from 'node:stream';
import { FileTooLargeError, newStorageKey, peekStream, signPath, SNIFF_BYTES, verifySignedPath } from '@insp/storage';
import { DOCUMENT_FILE_TYPES, P, type TFileUploadResponse } from '@insp/contracts';
import { AppError, requirePermission, type ServiceContext } from '../../context.js';
import { unauthorized } from '../../errors.js';
import { storageOf } from '../../lib/storage.js';
import { bytesMatch, documentFileName, tooLarge } from '../documents/documents.files.js';

/**
 * POST api/v1/file/upload (001 §3 File upload data, §7): for each file name a generated key (uploadId; the file keeps
 * its extension, 001 §5), a pre-signed PUT (uploadUrl; the client sends the file's content type, 201 is success)
 * and a signed read link (readUrl). The names must be of a type the document library takes (400 naming `files.i`).
 * The upload link is always the API's own signed PUT (receiveSignedUpload), whatever the storage: it answers 201 as
 * field clients require (an S3 PUT answers 200, which they take for a failure), and only there are the bytes judged
 * and the size limit kept before the file reaches storage. The read link is the storage's (S3 pre-signed at scale).
 */
export async function issueFileUploads(ctx: ServiceContext, input: { files: string[] }): Promise<TFileUploadResponse> {
  const c = requirePermission(ctx, P.fileUpload);
  const storage = storageOf(c.config);
  const seconds = c.config.documentLinkSeconds;
  const expires = new Date(Date.now() + seconds * 1000).toISOString();
  const named = input.files.map((name, i) => ({ i, ...documentFileName(name, `files.${i}`) }));
  const files = await Promise.all(
    named.map(async ({ fileName, ext }) => {
      const key = newStorageKey('uploads', ext);
      const contentType = DOCUMENT_FILE_TYPES[ext];
      const grant = { method: 'PUT' as const, key, expires: Math.floor(Date.now() / 1000) + seconds, contentType };
      const uploadUrl = c.config.publicUrl.replace(/\/$/, '') + signPath(c.config.tokenSecret, grant);
      const readUrl = await storage.signedDownloadUrl(key, { expiresInSeconds: seconds, fileName });
      // Azure's block-blob header (001 §7) is accepted and ignored.
      return { fileName, uploadId: key, uploadUrl, readUrl, method: 'PUT' as const, headers: { 'Content-Type': contentType }, expires };
    }),
  );
  return { files };
}

/**
 * PUT api/v1/files/{key}?expires&type&sig: the upload side of local storage's signed links. Public: the signature
 * (made by issueFileUploads for a user allowed to upload) is the grant. The body streams into storage with the
 * document size limit, and must be what the signed content type says (judged by its bytes). 201 on success.
 */
export async function receiveSignedUpload(ctx: ServiceContext, url: string, contentType: string | undefined, body: Readable): Promise<{ uploadId: string }> {
  const grant = verifySignedPath(url, { secret: ctx.config.tokenSecret, method: 'PUT' });
  if (!grant.ok) throw grant.reason === 'malformed' ? unauthorized('A signed link is required') : new AppError('FORBIDDEN', `sig: link ${grant.reason === 'expired' ? 'expired' : 'not valid'}`, 'sig');
  const signedType = grant.contentType ?? '';
  if ((contentType ?? '').split(';')[0]!.trim().toLowerCase() !== signedType) {
    throw new AppError('BAD_REQUEST', `content-type: must be ${signedType}, the type the link was made for`, 'content-type');
  }
  const { ext } = documentFileName(grant.key, 'file');
  const { head, stream } = await peekStream(body, SNIFF_BYTES);
  const match = bytesMatch(ext, head);
  if (!match.ok) throw new AppError('BAD_REQUEST', `file: the content is ${match.detected ?? 'not a type the library takes'}, not a .${ext} file`, 'file');
  const storage = storageOf(ctx.config);
  try {
    await storage.put(grant.key, stream, { contentType: signedType, maxBytes: ctx.config.documentMaxBytes });
  } catch (err) {
    await storage.delete(grant.key).catch(() => undefined);
    if (err instanceof FileTooLargeError) throw tooLarge(ctx.config);
    throw err;
  }
  return { uploadId: grant.key };
}
