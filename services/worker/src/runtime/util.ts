import type { Logger } from '../types.js';

export const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err)) || 'unknown error';

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A logger for connection errors: while Redis is away ioredis reports the same error on every reconnect
 * attempt, so repeat messages are logged once a minute.
 */
export function throttledErrorLog(log: Logger, msg: string, everyMs = 60_000) {
  const last = new Map<string, number>();
  return (err: unknown) => {
    const key = errorMessage(err);
    const now = Date.now();
    if ((last.get(key) ?? 0) + everyMs > now) return;
    last.set(key, now);
    log.warn({ err }, msg);
  };
}

export interface Loop {
  kick(): void;
  /** Stops the loop and waits for a running tick to finish. */
  close(): Promise<void>;
}

/**
 * Runs `tick` every `intervalMs`, or at once when kicked. Never two ticks at a time: kicks during a tick
 * coalesce into one more tick right after it, so a burst of commits costs one extra poll, not one each.
 */
export function startLoop(tick: () => Promise<void>, intervalMs: number, log: Logger, name: string, firstDelayMs = 0): Loop {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (!closed) timer = setTimeout(run, ms);
  };
  const run = () => {
    running = tick()
      .catch((err) => log.error({ err }, `${name} failed`))
      .finally(() => {
        running = undefined;
        schedule(again ? 0 : intervalMs);
        again = false;
      });
  };
  schedule(firstDelayMs);
  return {
    kick() {
      if (closed) return;
      if (running) again = true;
      else schedule(0);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}
