import type { DetailedError, Upload } from 'tus-js-client';
import { UNALLOWED_FILE_TYPE, type TUploadedFile } from '@insp/contracts';
import { getToken } from '../providers/token';
import { UploadError } from './uploadPhoto';

/** What the file becomes on the server: a photo or signature, or a voice comment. */
export type UploadKind = 'image' | 'voice';

export interface ResumableOptions {
  kind: UploadKind;
  /** The queue entry's key: a repeat of a finished upload answers the same id (server: resumable.service.ts). */
  idempotencyKey: string;
  /** Where an earlier try of this file got to (the tus upload's URL), kept with the queue entry. */
  uploadUrl?: string | null;
  /** Called once the server made the upload: the caller keeps the URL to resume from after a failure or reload. */
  onUploadUrl?(url: string): void;
  onProgress?(fraction: number): void;
}

/**
 * Chunks of 1 MB: a chunk is the most a failure makes the tablet send again, and a few round trips per photo
 * cost little. Every chunk the server acknowledged stays there; a later try asks for the offset (HEAD) and goes on.
 */
export const CHUNK_BYTES = 1024 * 1024;
const RESULT_HEADER = 'Upload-Result-Id';

/**
 * Uploads a photo, signature or voice comment resumably (tus, api/v1/uploads, with `tus-js-client`). Retries are
 * the offline queue's (kept in IndexedDB with backoff), so tus-js-client retries nothing itself: a failure ends
 * the try with an UploadError whose `status` is null when the server could not be reached.
 */
export async function resumableUpload(file: Blob, fileName: string, o: ResumableOptions): Promise<TUploadedFile> {
  // Loaded with the first upload, not with every signed-in screen (the first-load budget, pwa.e2e.test.ts).
  const tus = await import('tus-js-client');
  return new Promise((resolve, reject) => {
    const upload: Upload = new tus.Upload(file, {
      endpoint: `${window.location.origin}/api/v1/uploads`,
      uploadUrl: o.uploadUrl ?? null,
      chunkSize: CHUNK_BYTES,
      retryDelays: null,
      metadata: { kind: o.kind, filename: fileName, idempotencyKey: o.idempotencyKey },
      // The queue keeps the URL with its entry; tus-js-client's own store (localStorage) would be a second copy.
      storeFingerprintForResuming: false,
      onBeforeRequest(req) {
        // Read at every request: a token renewed while the upload waited is the one sent.
        const token = getToken();
        if (token) req.setHeader('authorization', `Bearer ${token}`);
      },
      onUploadUrlAvailable() {
        if (upload.url) o.onUploadUrl?.(upload.url);
      },
      onProgress(sent, total) {
        if (total > 0) o.onProgress?.(sent / total);
      },
      onSuccess({ lastResponse }) {
        const id = lastResponse.getHeader(RESULT_HEADER);
        if (!id) return reject(new UploadError('The server did not name the uploaded file. Please try again.', null));
        o.onProgress?.(1);
        resolve({ id });
      },
      onError(err) {
        reject(asUploadError(err as DetailedError));
      },
    });
    upload.start();
  });
}

/** The server's status and message (as the multipart upload reports them), or status null for no answer. */
function asUploadError(err: DetailedError): UploadError {
  const res = err.originalResponse;
  if (!res) return new UploadError('The server could not be reached. Please try again.', null);
  let message = `Upload failed (${res.getStatus()})`;
  try {
    const body = JSON.parse(res.getBody()) as { message?: unknown };
    if (typeof body.message === 'string') message = body.message.replace(/^file: /, '');
  } catch {
    // not our JSON (a proxy's page): the status says enough
  }
  return new UploadError(message === UNALLOWED_FILE_TYPE ? UNALLOWED_FILE_TYPE : message, res.getStatus());
}
