import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { FileTooLargeError } from './types.js';

const MB = 1024 * 1024;

/** Defaults per kind of upload; a caller with a stricter rule passes its own number. */
export const SIZE_LIMITS = {
  image: 20 * MB,
  voiceComment: 10 * MB,
  document: 50 * MB,
  spreadsheet: 20 * MB,
} as const;

/** For a Content-Length or a buffer known up front: fail before reading anything. */
export function assertWithinSize(size: number, maxBytes: number): void {
  if (size > maxBytes) throw new FileTooLargeError(maxBytes);
}

export function measureBytes(bytes: Uint8Array, maxBytes = Number.POSITIVE_INFINITY) {
  assertWithinSize(bytes.byteLength, maxBytes);
  return { size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * Passes bytes through while counting and hashing them; errors the stream with FileTooLargeError
 * as soon as the count passes maxBytes, so an oversized upload is never read to its end.
 */
export function meter(maxBytes = Number.POSITIVE_INFINITY) {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new FileTooLargeError(maxBytes));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

/**
 * Reads the first `bytes` of a stream (for detectContentType) and gives back a stream that still
 * yields everything, so an upload can be checked before it is stored without buffering it whole.
 */
export async function peekStream(source: Readable, bytes: number): Promise<{ head: Buffer; stream: Readable }> {
  const it = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < bytes) {
    const next = await it.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    chunks.push(chunk);
    length += chunk.length;
  }
  const head = Buffer.concat(chunks).subarray(0, bytes);
  async function* replay() {
    yield* chunks;
    while (!done) {
      const next = await it.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, stream: Readable.from(replay(), { objectMode: false }) };
}
