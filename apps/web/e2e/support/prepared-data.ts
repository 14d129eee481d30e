import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { startProduct } from './product.js';

/**
 * A data folder the built product migrated and seeded once for the whole run: each test file starts its
 * product on a copy of it (a copy costs well under a second, a first start on PGlite many), so every file
 * still has data of its own. The marker beside the folder says when it is done, or why it failed.
 */
const marker = (dataDir: string) => `${dataDir}.ready`;

/**
 * Starts the product on the empty `dataDir` (it migrates and seeds) and stops it cleanly; writes the marker. With
 * `databaseUrl` the product keeps its data in that PostgreSQL database instead of PGlite (and seeds it all the same).
 */
export async function prepareDataDir(dataDir: string, databaseUrl?: string): Promise<void> {
  let outcome = 'ok';
  try {
    // a first start on PGlite is slow on a busy machine; the one-off preparation may take longer than a file's start
    const product = await startProduct({ dataDir, readyTimeoutMs: 240_000, env: databaseUrl ? productDatabaseEnv(databaseUrl) : undefined });
    const code = await product.stop();
    if (code !== 0) outcome = `the product preparing ${dataDir} did not stop cleanly (exit ${code}):\n${product.logs()}`;
  } catch (e) {
    outcome = e instanceof Error ? (e.stack ?? e.message) : String(e);
  }
  writeFileSync(marker(dataDir), outcome);
}

/** Waits until prepareDataDir has finished with `dataDir`; throws its failure. */
export async function preparedDataDir(dataDir: string, timeoutMs = 170_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(marker(dataDir))) {
    if (Date.now() > deadline) throw new Error(`the prepared data folder ${dataDir} was not ready in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const outcome = readFileSync(marker(dataDir), 'utf8');
  if (outcome !== 'ok') throw new Error(`preparing the data folder failed: ${outcome}`);
  return dataDir;
}

export const preparedMarker = marker;

/** The product's settings for a PostgreSQL database of its own (the demo data seeded on its first start, as on PGlite). */
export const productDatabaseEnv = (databaseUrl: string) => ({ DATABASE_URL: databaseUrl, SEED_DEMO_DATA: 'true' });
