import type { TTranslationsImportReport } from '@insp/contracts';
import { getToken } from '../../providers/token';

/**
 * Sends the workbook as the raw request body to POST api/v1/translations/import (the tRPC client has no file
 * upload). Resolves with the per-row report; rejects with the server's message without its 'file: ' prefix.
 */
export async function uploadTranslations(file: File): Promise<TTranslationsImportReport> {
  const token = getToken();
  const res = await fetch(`/api/v1/translations/import?fileName=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: file,
  });
  const body = (await res.json().catch(() => ({}))) as Partial<TTranslationsImportReport> & { message?: string };
  if (res.status === 413) throw new Error(`'${file.name}' is larger than 5 MB`);
  if (!res.ok || !Array.isArray(body.rows)) throw new Error(body.message?.replace(/^file: /, '') ?? `Import failed (${res.status})`);
  return body as TTranslationsImportReport;
}
