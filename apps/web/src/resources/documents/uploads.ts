import { getToken } from '../../providers/token';

/** Spec 002 §4, §8: the texts an upload shows, word for word. */
export const UPLOAD_TEXT = {
  uploading: 'Uploading...',
  failed: 'Upload failed',
  done: (fileName: string) => `Successfully uploaded ${fileName}`,
  deleteFailed: 'Delete failed',
  deleted: 'Successfully deleted!',
  saving: 'Saving',
} as const;

/** File size in KB to 2 decimals (002 §9). */
export const kb = (bytes: number | undefined) => `${((bytes ?? 0) / 1024).toFixed(2)} KB`;

/**
 * 002 §5: an upload with no files does nothing, and files with duplicate names are skipped: a second file of the
 * same name in the choice, or a name the library already has (ignoring case, as the server compares names).
 */
export function planUploads(files: readonly File[], existingNames: readonly string[]): { send: File[]; skipped: File[] } {
  const taken = new Set(existingNames.map((n) => n.toLowerCase()));
  const send: File[] = [];
  const skipped: File[] = [];
  for (const f of files) {
    const key = f.name.toLowerCase();
    if (taken.has(key)) skipped.push(f);
    else {
      taken.add(key);
      send.push(f);
    }
  }
  return { send, skipped };
}

/** One file's upload as the panel shows it. */
export type UploadRow =
  | { key: string; fileName: string; state: 'uploading'; progress: number }
  | { key: string; fileName: string; state: 'done' }
  | { key: string; fileName: string; state: 'failed'; reason: string }
  | { key: string; fileName: string; state: 'skipped' };

export const uploadRowText = (r: UploadRow) =>
  r.state === 'uploading' ? UPLOAD_TEXT.uploading
  : r.state === 'done' ? UPLOAD_TEXT.done(r.fileName)
  : r.state === 'failed' ? `${UPLOAD_TEXT.failed}: ${r.reason}`
  : `Skipped: a document named ${r.fileName} already exists`;

/** A refused or failed upload; `status` is null when the server could not be reached. */
export class DocumentUploadError extends Error {
  constructor(message: string, readonly status: number | null) {
    super(message);
    this.name = 'DocumentUploadError';
  }
}

/**
 * POST api/v1/documentlibrary/document (a new document) or …/document/version (`parentDocumentId`), multipart with
 * one file part, by XMLHttpRequest: only it reports upload progress. 201 is success; anything else rejects with the
 * server's message (a 409 is a name the library already has). A version carries an Idempotency-Key: sent again
 * after a lost answer, the server makes no second version.
 */
export function uploadDocument(file: File, fields: Record<string, string>, onProgress: (share: number) => void, idempotencyKey?: string): Promise<{ id: string; name: string }> {
  const url = fields.parentDocumentId ? '/api/v1/documentlibrary/document/version' : '/api/v1/documentlibrary/document';
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    if (idempotencyKey) xhr.setRequestHeader('Idempotency-Key', idempotencyKey);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: { id?: unknown; name?: unknown; message?: unknown } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        /* not JSON: the status says it */
      }
      if (xhr.status === 201 && typeof body.id === 'string') resolve({ id: body.id, name: String(body.name ?? file.name) });
      else {
        const message = typeof body.message === 'string' ? body.message.replace(/^file: /, '') : `Request rejected with status ${xhr.status}`;
        reject(new DocumentUploadError(message, xhr.status));
      }
    };
    xhr.onerror = () => reject(new DocumentUploadError('The server could not be reached', null));
    const form = new FormData();
    form.append('sourceSystem', 'UI');
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
