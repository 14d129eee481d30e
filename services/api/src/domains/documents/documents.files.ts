import type { Readable } from 'node:stream';
import { detectDocumentContentType, FileTooLargeError, newStorageKey, OLE_STORAGE, peekStream, SNIFF_BYTES } from '@insp/storage';
import { CONTROL_CHARACTERS, DOCUMENT_FILE_TYPES, fileExtension, isDocumentFileType, type DocumentFileType } from '@insp/contracts';
import { AppError } from '../../errors.js';
import type { AppConfig } from '../../config.js';
import { storageOf } from '../../lib/storage.js';

/** A document file put in storage, waiting for its rows. */
export interface StoredDocumentFile {
  key: string;
  fileName: string;
  ext: DocumentFileType;
  contentType: string;
  size: number;
  sha256: string;
}

const bad = (field: string, message: string) => new AppError('BAD_REQUEST', `${field}: ${message}`, field);
const ALLOWED = Object.keys(DOCUMENT_FILE_TYPES).join(', ');

/** What the bytes must be for each extension (docs/decisions.md, "Document library"). */
const BYTES_OF: Record<DocumentFileType, string[]> = {
  pdf: ['application/pdf'],
  doc: [OLE_STORAGE],
  xls: [OLE_STORAGE],
  ppt: [OLE_STORAGE],
  docx: [DOCUMENT_FILE_TYPES.docx],
  xlsx: [DOCUMENT_FILE_TYPES.xlsx],
  pptx: [DOCUMENT_FILE_TYPES.pptx],
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  zip: ['application/zip'],
  txt: ['text/plain'],
  csv: ['text/plain'],
};

/** The file name a document keeps: trimmed, at most 255 characters, no path, no control characters. */
export function documentFileName(raw: string | undefined, field = 'file'): { fileName: string; ext: DocumentFileType } {
  const fileName = (raw ?? '').split(/[\\/]/).pop()!.trim();
  if (!fileName) throw bad(field, 'the file has no name');
  if (fileName.length > 255) throw bad(field, 'the file name is longer than 255 characters');
  if (CONTROL_CHARACTERS.test(fileName)) throw bad(field, 'the file name must not contain control characters');
  const ext = fileExtension(fileName);
  if (!isDocumentFileType(ext)) throw bad(field, `a .${ext || '(none)'} file is not taken; the library takes ${ALLOWED}`);
  return { fileName, ext };
}

/** Does the content judged from the first bytes agree with what the extension says? */
export function bytesMatch(ext: DocumentFileType, head: Uint8Array): { ok: boolean; detected: string | null } {
  const detected = detectDocumentContentType(head);
  return { ok: detected !== null && BYTES_OF[ext].includes(detected), detected };
}

/**
 * Streams one uploaded file into storage under a generated key: the first bytes decide whether it is what its
 * extension says (else 400 naming the field, nothing stored), the rest flows through with the size limit (too
 * large: 400, the partial write removed by the storage driver). Never buffers more than the sniffed head.
 */
export async function storeDocumentFile(config: AppConfig, body: Readable, rawName: string | undefined, field = 'file'): Promise<StoredDocumentFile> {
  const { fileName, ext } = documentFileName(rawName, field);
  const { head, stream } = await peekStream(body, SNIFF_BYTES);
  const { ok, detected } = bytesMatch(ext, head);
  if (!ok) {
    stream.destroy();
    throw bad(field, detected ? `the content is ${detected}, not a .${ext} file` : `the content is not a .${ext} file (or not a type the library takes)`);
  }
  const storage = storageOf(config);
  const key = newStorageKey('documents', ext);
  const contentType = DOCUMENT_FILE_TYPES[ext];
  try {
    const put = await storage.put(key, stream, { contentType, maxBytes: config.documentMaxBytes });
    return { key, fileName, ext, contentType, size: put.size, sha256: put.sha256 };
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    if (err instanceof FileTooLargeError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(config, field);
    throw err;
  }
}

export const tooLarge = (config: AppConfig, field = 'file') => bad(field, `larger than ${Math.round((config.documentMaxBytes / 1024 / 1024) * 100) / 100} MB`);

/** Removes stored files of a write that failed, so a refused upload leaves no object behind. */
export async function removeStored(config: AppConfig, files: Array<StoredDocumentFile | null | undefined>) {
  const storage = storageOf(config);
  await Promise.allSettled(files.filter((f): f is StoredDocumentFile => !!f).map((f) => storage.delete(f.key)));
}
