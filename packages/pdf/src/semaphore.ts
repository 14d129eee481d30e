/** At most `max` callers inside run() at once; the rest wait in arrival order. */
export function createSemaphore(max: number) {
  if (!Number.isInteger(max) || max < 1) throw new Error(`semaphore size must be a positive integer, got ${max}`);
  let active = 0;
  const waiting: (() => void)[] = [];

  const acquire = () =>
    active < max ? (active++, Promise.resolve()) : new Promise<void>((resolve) => waiting.push(resolve));
  // A released slot passes straight to the next waiter, so a newcomer cannot jump the queue.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };

  return {
    async run<T>(fn: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await fn();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
