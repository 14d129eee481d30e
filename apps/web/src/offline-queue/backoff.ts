/**
 * The wait before the next try after `attempts` network failures: exponential (1 s, 2 s, 4 s, … capped at 1 min)
 * with jitter (between half and all of it), so tablets that come back online together do not retry in step. A small function rather than
 * a retry library: the attempt count and the next try time must live in IndexedDB with the entry (the page may be
 * closed between tries) and the wait is cut short by `online` and the tab becoming visible; in-memory retry loops
 * (p-retry, exponential-backoff) own neither.
 */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  random?: () => number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1000, maxMs: 60_000 };

export function backoffDelay(attempts: number, { baseMs, maxMs, random = Math.random }: BackoffOptions): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * What a failed send means. 'retry': the network or the server failed (no answer, a TypeError from fetch, 5xx,
 * 408, 429; also 401, a token that expired while offline: the write waits for the next sign-in rather than being
 * lost). 'refused': any other 4xx, the server's decision about this write; retrying would get the same answer.
 */
export function classify(status: number | null | undefined): 'retry' | 'refused' {
  if (status == null) return 'retry';
  if (status >= 500 || status === 408 || status === 429 || status === 401) return 'retry';
  return status >= 400 ? 'refused' : 'retry';
}

/**
 * A 5xx that says the server ran and failed on this change (500, 501, …), as opposed to 502, 503 and 504, which
 * say it was away (a restart, a proxy in front of a stopped API) and are waited out like no answer at all.
 */
export function failsOnServer(status: number | null | undefined): boolean {
  return status != null && status >= 500 && status !== 502 && status !== 503 && status !== 504;
}

/**
 * Tries answered by such a failure after which an entry is refused rather than retried forever: the line is one
 * for the device, so a change the server always fails on (a bug on one input) would hold every later write.
 * Eight tries span one to two minutes of the backoff above (1 + 2 + … + 32 + 60 s, jittered).
 */
export const SERVER_FAILURE_LIMIT = 8;
