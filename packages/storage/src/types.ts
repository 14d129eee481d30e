import type { Readable } from 'node:stream';

export type Body = Uint8Array | Readable;

export interface PutOptions {
  contentType: string;
  /** Rejects with FileTooLargeError (and stores nothing) when the body is bigger. */
  maxBytes?: number;
}

/** What was written; the files tables keep size and sha256 next to the key. */
export interface PutResult {
  size: number;
  sha256: string;
}

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
  lastModified?: Date;
}

export interface DownloadUrlOptions {
  expiresInSeconds: number;
  /** Name the browser saves the file as (Content-Disposition: attachment). */
  fileName?: string;
}

export interface UploadUrlOptions {
  contentType: string;
  expiresInSeconds: number;
}

/** The client must send exactly these method and headers, or the signature does not match. */
export interface SignedUpload {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
}

/** One object found by `list`. */
export interface ListedObject {
  key: string;
  size: number;
}

export interface Storage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Body, options: PutOptions): Promise<PutResult>;
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing key is not an error: clean-up jobs may run twice. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Every object whose key starts with `prefix` (a folder ending in '/'), in pages as the back end gives them, in no
   * promised order. For clean-up jobs that must find files no row records.
   */
  list(prefix: string): AsyncIterable<ListedObject>;
  signedDownloadUrl(key: string, options: DownloadUrlOptions): Promise<string>;
  signedUploadUrl(key: string, options: UploadUrlOptions): Promise<SignedUpload>;
}

/** Errors carry a code so the API can map them to its own error table. */
export class StorageError extends Error {
  constructor(
    public readonly code: 'INVALID_KEY' | 'FILE_TOO_LARGE',
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

export class InvalidKeyError extends StorageError {
  constructor(key: string, reason: string) {
    super('INVALID_KEY', `Invalid storage key ${JSON.stringify(key.slice(0, 200))}: ${reason}`);
    this.name = 'InvalidKeyError';
  }
}

export class FileTooLargeError extends StorageError {
  constructor(public readonly maxBytes: number) {
    super('FILE_TOO_LARGE', `File is larger than ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
  }
}
