import { yyyymmdd } from '../../lib/dates';
import { getToken } from '../../providers/token';
import { REPORT_TEXT } from './texts';

/** How long a person is kept waiting for a PDF still rendering before being told to come back later. */
export const PDF_MAX_WAIT_MS = 5 * 60_000;
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 10_000;
const RETRY_DEFAULT_MS = 2_000;

export interface PdfPending {
  /** Requests answered 202 so far. */
  attempt: number;
  elapsedMs: number;
}

/** Whose report: /api/v1/inspections/{id}/reportpdf or /api/v1/audits/{id}/reportpdf (000 §7). */
export type PdfKind = 'inspections' | 'audits';

export interface PdfFile {
  blob: Blob;
  fileName: string;
}

/** Retry-After as seconds or an HTTP date, kept between 1 and 10 s so a bad header neither spins nor stalls. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (!header) return RETRY_DEFAULT_MS;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  if (!Number.isFinite(ms)) return RETRY_DEFAULT_MS;
  return Math.min(RETRY_MAX_MS, Math.max(RETRY_MIN_MS, ms));
}

/** The file name of a content-disposition header (RFC 6266: filename* first), without any folder part. */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header);
  let name: string | undefined;
  if (star?.[1]) {
    try {
      name = decodeURIComponent(star[1].trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)?.[1]?.replace(/\\(.)/g, '$1') ?? /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), reject(signal.reason)), { once: true });
  });

async function failure(res: Response): Promise<Error> {
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  return new Error(body?.message ?? `The PDF could not be downloaded (${res.status}).`);
}

/**
 * GET api/v1/inspections/{id}/reportpdf?lang= (or audits/{id}, opts.kind) with the bearer token. The server answers 200 with the file
 * once it is ready, or 202 { status: 'pending' } with Retry-After while it renders: we wait as told and ask
 * again, telling the caller each time (onPending), for at most PDF_MAX_WAIT_MS.
 */
export async function fetchReportPdf(
  id: string,
  lang: string,
  opts: { signal?: AbortSignal; onPending?: (p: PdfPending) => void; fallbackName?: string; kind?: PdfKind } = {},
): Promise<PdfFile> {
  const started = Date.now();
  const url = `/api/v1/${opts.kind ?? 'inspections'}/${encodeURIComponent(id)}/reportpdf?lang=${encodeURIComponent(lang)}`;
  for (let attempt = 1; ; attempt++) {
    const token = getToken();
    const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: opts.signal });
    if (res.status === 200) {
      const fileName = fileNameOf(res.headers.get('content-disposition')) ?? opts.fallbackName ?? 'report.pdf';
      return { blob: await res.blob(), fileName };
    }
    if (res.status !== 202) throw await failure(res);
    const delay = retryAfterMs(res.headers.get('retry-after'));
    if (Date.now() - started + delay > PDF_MAX_WAIT_MS) throw new Error(REPORT_TEXT.pdfTooLong);
    opts.onPending?.({ attempt, elapsedMs: Date.now() - started });
    await wait(delay, opts.signal);
  }
}

/** Hands the file to the browser's download under its name. */
export function saveFile({ blob, fileName }: PdfFile) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // revoked later: some browsers read the blob after click() returns
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** spec 000 §3: yyyymmdd_{serialNumber}_{type}.pdf (the day in the user's zone), used only if the server names no file. */
export function pdfFallbackName(r: { inspectionDate?: number; serialNumber?: string | null; type?: string }) {
  const day = r.inspectionDate ? yyyymmdd(r.inspectionDate) : '';
  return `${[day, r.serialNumber ?? '', r.type ?? ''].join('_')}.pdf`;
}

/**
 * A generated file's download answer (a worker's workbook, say) handed to the browser under the server's file name
 * (or `fallbackName`); anything but 200 throws the server's message, or `failed(status)` when it gave none.
 * Answers the name saved under.
 */
export async function saveDownloadedFile(res: Response, fallbackName: string, failed: (status: number) => string): Promise<string> {
  if (res.status !== 200) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? failed(res.status));
  }
  const fileName = fileNameOf(res.headers.get('content-disposition')) ?? fallbackName;
  saveFile({ blob: await res.blob(), fileName });
  return fileName;
}
