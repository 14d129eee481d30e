import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { BROWSER_OPTIONS } from './browser.js';
import { cloneDatabase, ensureTemplateDatabase } from '@insp/db/testing';
import { prepareDataDir, preparedMarker } from './prepared-data.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's one Chromium, for chromium.connect(); each file opens contexts of its own on it. */
    e2eBrowserEndpoint: string;
    /** A data folder migrated and seeded once (see prepared-data.ts); each file's product starts on a copy. */
    e2ePreparedDataDir: string;
    /** The PostgreSQL database prepared with that folder (none with E2E_DATABASE=embedded): each file's product gets a copy. */
    e2ePreparedDatabase: string | null;
  }
}

/**
 * Once per run, shared by the browser test files instead of one each: a Chromium (same binary and flags as
 * launchBrowser) and a prepared data folder. The folder is prepared in the background, so the node and web
 * projects run meanwhile; the first browser test file waits for it.
 */
export default async function setup(project: TestProject) {
  const browser = await chromium.launchServer(BROWSER_OPTIONS);
  const dataDir = mkdtempSync(join(tmpdir(), 'insp-e2e-prepared-'));
  // Browser files run the product on the local PostgreSQL (issue 18: PGlite in the product's own thread made the
  // browser tests CPU-bound); E2E_DATABASE=embedded runs them on PGlite, and embedded-default.e2e.test.ts always does.
  const database = process.env.E2E_DATABASE === 'embedded' ? null : await cloneDatabase(await ensureTemplateDatabase());
  const preparing = prepareDataDir(dataDir, database?.url);
  project.provide('e2eBrowserEndpoint', browser.wsEndpoint());
  project.provide('e2ePreparedDataDir', dataDir);
  project.provide('e2ePreparedDatabase', database?.name ?? null);
  return async () => {
    await preparing;
    await database?.drop();
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(preparedMarker(dataDir), { force: true });
  };
}
