import { performance } from 'node:perf_hooks';

/** Percentiles of a list of durations in milliseconds. */
export function summarize(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
  const total = s.reduce((a, b) => a + b, 0);
  return { n: s.length, mean: +(total / s.length).toFixed(3), p50: +at(50).toFixed(3), p95: +at(95).toFixed(3), p99: +at(99).toFixed(3) };
}

/** The middle value (the mean of the two middle values of an even count). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
}

/** Runs `fn` `warm` times to warm up, then `n` times; percentiles in ms. */
export async function timeRuns(fn: () => Promise<unknown>, n = 200, warm = Math.min(20, n)) {
  for (let i = 0; i < warm; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await fn();
    samples.push(performance.now() - s);
  }
  return summarize(samples);
}
