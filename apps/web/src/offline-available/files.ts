import { getToken } from '../providers/token';

/** A file the API serves with the bearer token, as bytes; a refusal rejects with the status. */
export async function fetchAuthorizedBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = getToken();
  const res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
  if (!res.ok) throw Object.assign(new Error(`${path}: ${res.status}`), { status: res.status });
  return res.blob();
}

/**
 * The app's reads of token-protected files (photos, signatures, voice comments): from the server, and when the
 * network fails (fetch's TypeError, not a refusal) the copy 'Make available offline' stored, if any.
 */
export async function fetchFileOrStored(path: string, signal?: AbortSignal): Promise<Blob> {
  try {
    return await fetchAuthorizedBlob(path, signal);
  } catch (e) {
    if (!(e instanceof TypeError) || signal?.aborted) throw e;
    const { availableDb } = await import('./db');
    const { storedFile } = await import('./store');
    const blob = await storedFile(availableDb(), path);
    if (!blob) throw e;
    return blob;
  }
}
