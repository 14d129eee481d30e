import { UNALLOWED_FILE_TYPE, type TUploadedFile } from '@insp/contracts';
import { getToken } from '../providers/token';
import type { UploadOptions } from './types';

/** A refused or failed upload; `status` is null when the server could not be reached. */
export class UploadError extends Error {
  constructor(message: string, readonly status: number | null) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * POST api/v1/images as multipart with one file part (000 §5, §7), with the bearer token. XMLHttpRequest rather
 * than fetch: only it reports upload progress, which the 'Sending...' modal shows. Anything but 201 is a failure
 * here (000 §8 lets the old client ignore it; a save naming a missing image would fail later and less clearly).
 */
export function uploadPhotoRequest(file: Blob, fileName: string, options: UploadOptions = {}): Promise<TUploadedFile> {
  return multipartUpload('/api/v1/images', file, fileName, options);
}

/** POST api/v1/voicecomment (m4a, aac, mp3, wav, ogg or webm by its bytes), as the photo upload. */
export function uploadVoiceCommentRequest(file: Blob, fileName: string, options: UploadOptions = {}): Promise<TUploadedFile> {
  return multipartUpload('/api/v1/voicecomment', file, fileName, options);
}

function multipartUpload(url: string, file: Blob, fileName: string, options: UploadOptions): Promise<TUploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    // Issue 23: a retried upload names the same key, so the server stores the photo once and answers the same id.
    if (options.idempotencyKey) xhr.setRequestHeader('Idempotency-Key', options.idempotencyKey);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status === 201 && typeof body.id === 'string') {
        options.onProgress?.(1);
        resolve({ id: body.id });
      } else {
        const message = typeof body.message === 'string' ? body.message.replace(/^file: /, '') : `Upload failed (${xhr.status})`;
        reject(new UploadError(message === UNALLOWED_FILE_TYPE ? UNALLOWED_FILE_TYPE : message, xhr.status));
      }
    };
    xhr.onerror = () => reject(new UploadError('The server could not be reached. Please try again.', null));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, fileName);
    xhr.send(form);
  });
}

function parse(text: string): { id?: unknown; message?: unknown } {
  try {
    return JSON.parse(text) as { id?: unknown; message?: unknown };
  } catch {
    return {};
  }
}
