/** Percentiles of a list of durations in milliseconds. */
export function summarize(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
  const total = s.reduce((a, b) => a + b, 0);
  return { n: s.length, mean: +(total / s.length).toFixed(3), p50: +at(50).toFixed(3), p95: +at(95).toFixed(3), p99: +at(99).toFixed(3) };
}
