import { randomBytes } from 'node:crypto';
import { InvalidKeyError } from './types.js';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const PREFIX = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;
const EXT = /^[a-z0-9]{1,10}$/;
const MAX_KEY_LENGTH = 512;
const MAX_DEPTH = 8;

/**
 * A fresh key such as `images/2026-11/3f9c…e1.png`. 128 random bits, so keys can't be guessed or
 * enumerated; the month folder keeps local directories small and makes clean-ups easy to eyeball.
 */
export function newStorageKey(prefix: string, ext = '', now = new Date()): string {
  if (!PREFIX.test(prefix)) throw new InvalidKeyError(prefix, 'prefix must be lower-case words separated by /');
  const e = ext.replace(/^\./, '').toLowerCase();
  if (e && !EXT.test(e)) throw new InvalidKeyError(ext, 'extension must be 1-10 letters or digits');
  const month = now.toISOString().slice(0, 7);
  const key = `${prefix}/${month}/${randomBytes(16).toString('hex')}${e ? `.${e}` : ''}`;
  assertValidKey(key);
  return key;
}

/**
 * Keys come from newStorageKey or from content hashes, never from user input, but every adapter
 * still checks them: a key is joined onto a folder path on the local driver, so anything that
 * could climb out of it (`..`, absolute paths, backslashes, empty or hidden segments) is refused.
 * Segments must start with a letter or digit, which also keeps the adapter's own dot-folders
 * (temp files, metadata) unreachable.
 */
export function assertValidKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidKeyError(String(key), 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidKeyError(key, `longer than ${MAX_KEY_LENGTH} characters`);
  if (key.includes('..')) throw new InvalidKeyError(key, 'contains ..');
  if (key.startsWith('/')) throw new InvalidKeyError(key, 'absolute path');
  const segments = key.split('/');
  if (segments.length > MAX_DEPTH) throw new InvalidKeyError(key, `more than ${MAX_DEPTH} segments`);
  for (const s of segments) {
    if (!SEGMENT.test(s)) throw new InvalidKeyError(key, `segment ${JSON.stringify(s)} is not allowed`);
  }
}

export function isValidKey(key: unknown): key is string {
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}

/** A folder to list: a valid key followed by '/', so a listing never reaches outside the folders keys live in. */
export function assertValidPrefix(prefix: unknown): asserts prefix is string {
  if (typeof prefix !== 'string' || !prefix.endsWith('/')) throw new InvalidKeyError(String(prefix), "a prefix ends with '/'");
  assertValidKey(prefix.slice(0, -1));
}
