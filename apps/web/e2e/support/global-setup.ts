import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { BROWSER_OPTIONS } from './browser.js';
import { prepareDataDir, preparedMarker } from './prepared-data.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's one Chromium, for chromium.connect(); each file opens contexts of its own on it. */
    e2eBrowserEndpoint: string;
    /** A data folder migrated and seeded once (see prepared-data.ts); each file's product starts on a copy. */
    e2ePreparedDataDir: string;
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
  const preparing = prepareDataDir(dataDir);
  project.provide('e2eBrowserEndpoint', browser.wsEndpoint());
  project.provide('e2ePreparedDataDir', dataDir);
  return async () => {
    await preparing;
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(preparedMarker(dataDir), { force: true });
  };
}
