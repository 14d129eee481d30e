import { createTestDatabase } from '@insp/db/testing';
import { seedDemo, seedScale } from '@insp/db/seed';

/**
 * seedScale on PostgreSQL: inspections (with customers, equipment, audits, point results) per second, and the
 * time of each phase (load, each index build, counters, analyze). Issue 18: 1 000 000 in under 180 s.
 */
export default async function seedScaleBench() {
  const n = Number(process.env.BENCH_SCALE ?? 100_000);
  const database = await createTestDatabase();
  try {
    await seedDemo(database.db, { putFile: async () => {} });
    const result = await seedScale(database.db, n, { log: (l) => console.log(l) });
    console.log({ benchmark: `seedScale(${n}) on PostgreSQL`, ...result, inspectionsPerSecond: Math.round(n / (result.ms / 1000)) });
  } finally {
    await database.destroy();
  }
}
