import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { solidPng } from '@insp/db/seed';

/** What the screen shows now (a modal sits in the viewport, not on the full page), beside the full-page shots. */
export async function viewShot(page: Page, name: string) {
  const dir = resolve(import.meta.dirname, '../../../../test-results/screenshots');
  mkdirSync(dir, { recursive: true });
  await page.waitForTimeout(300); // the modal's fade-in
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

/** A real PNG the server's image check accepts (the seed's image maker). */
export const makePng = (width: number, height: number): Buffer => Buffer.from(solidPng(width, height, [200, 120, 60]));

/** A GET of the product's API as the signed-in page (its bearer token); JSON or text by the answer's type. */
export async function apiAs<T>(baseUrl: string, page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return (res.headers.get('content-type') ?? '').includes('json') ? ((await res.json()) as T) : ((await res.text()) as T);
}

/**
 * Where a download landed on this machine. download.path() throws on a browser reached through
 * chromium.connect() (the run's shared one), so the file is saved into a folder of its own.
 */
export async function downloadedFile(download: Download): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'insp-e2e-download-')), download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

/** The signed-in person's first open audit of their own, found through the list call (the demo seed has some). */
export async function myOpenAudit(baseUrl: string, page: Page): Promise<{ id: string; name: string }> {
  const list = await apiAs<{ result: { id: string; name: string; finished: boolean }[] }>(baseUrl, page, '/api/v1/audits?mineOnly=true&amount=50');
  const found = list.result.find((a) => !a.finished);
  if (!found) throw new Error('the demo seed has no open audit of the inspector');
  return found;
}
