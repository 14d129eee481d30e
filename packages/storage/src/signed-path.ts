import { createHmac, timingSafeEqual } from 'node:crypto';
import { isValidKey } from './keys.js';

export const DEFAULT_FILES_PATH = '/api/v1/files';

export type SignedMethod = 'GET' | 'PUT';

export interface PathGrant {
  method: SignedMethod;
  key: string;
  /** Unix seconds. */
  expires: number;
  fileName?: string;
  contentType?: string;
}

export type VerifyResult =
  | ({ ok: true } & PathGrant)
  | { ok: false; reason: 'malformed' | 'bad-signature' | 'expired' };

/**
 * The signing key is derived from the secret for this one purpose, so the API can hand in the
 * secret it signs tokens with without a URL signature ever being valid as anything else.
 */
function signingKey(secret: Uint8Array | string): Buffer {
  if (secret.length < 16) throw new Error('storage URL secret must be at least 16 bytes');
  return createHmac('sha256', secret).update('insp-storage-signed-path-v1').digest();
}

/** Everything the grant allows is signed, including the method: a download link cannot upload. */
function signature(secret: Uint8Array | string, g: PathGrant): Buffer {
  const payload = [g.method, g.key, g.expires, g.fileName ?? '', g.contentType ?? ''].join('\n');
  return createHmac('sha256', signingKey(secret)).update(payload).digest();
}

export function signPath(secret: Uint8Array | string, grant: PathGrant, basePath = DEFAULT_FILES_PATH): string {
  const q = new URLSearchParams({ expires: String(grant.expires) });
  if (grant.fileName) q.set('name', grant.fileName);
  if (grant.contentType) q.set('type', grant.contentType);
  q.set('sig', signature(secret, grant).toString('base64url'));
  return `${basePath}/${grant.key}?${q}`;
}

/**
 * Checks a request path (with its query) against the signature. The API mounts this on
 * `${basePath}/*` and answers 403 for any failure; the reason is for logs and tests.
 */
export function verifySignedPath(
  pathWithQuery: string,
  opts: { secret: Uint8Array | string; method: string; basePath?: string; now?: Date },
): VerifyResult {
  const basePath = opts.basePath ?? DEFAULT_FILES_PATH;
  let url: URL;
  try {
    url = new URL(pathWithQuery, 'http://signed.invalid');
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!url.pathname.startsWith(`${basePath}/`)) return { ok: false, reason: 'malformed' };
  let key: string;
  try {
    key = decodeURIComponent(url.pathname.slice(basePath.length + 1));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const expires = Number(url.searchParams.get('expires'));
  const sig = url.searchParams.get('sig') ?? '';
  if (!isValidKey(key) || !Number.isSafeInteger(expires) || !sig) return { ok: false, reason: 'malformed' };
  const method = opts.method.toUpperCase() === 'HEAD' ? 'GET' : opts.method.toUpperCase();
  if (method !== 'GET' && method !== 'PUT') return { ok: false, reason: 'bad-signature' };

  const grant: PathGrant = {
    method,
    key,
    expires,
    fileName: url.searchParams.get('name') ?? undefined,
    contentType: url.searchParams.get('type') ?? undefined,
  };
  const expected = signature(opts.secret, grant);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad-signature' };
  const now = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  if (expires <= now) return { ok: false, reason: 'expired' };
  return { ok: true, ...grant };
}
