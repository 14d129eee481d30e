/** A small seeded PRNG (mulberry32) so the demo data is the same on every run. */
export function createRandom(seed = 20261122) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const chance = (p: number) => next() < p;
  const sample = <T>(items: readonly T[], n: number): T[] => {
    const copy = [...items];
    const out: T[] = [];
    while (out.length < n && copy.length) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]);
    return out;
  };
  return { next, int, pick, chance, sample };
}
export type Random = ReturnType<typeof createRandom>;

export const DAY = 24 * 60 * 60 * 1000;
export const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY);
