import { chromium, type Browser, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SYSTEM_ARGS } from '@insp/pdf';
import { keepContexts } from './context-pool.js';

/**
 * Headless Chromium as the developers' guide prescribes (Debian's /usr/bin/chromium, its flags), with the PDF
 * worker's switches (SYSTEM_ARGS: the guide's flags, and no address-bar pop-ups in each context's window, which were
 * a tenth of the browser tests' CPU; issue 18), and V8 without its optimizing compilers (TurboFan, Maglev): a test
 * page lives seconds, too short to earn back what compiling hot functions costs, and the interpreter and baseline
 * code run the same JavaScript with the same results. A browser test file took 15 % less CPU in all (docs/decisions.md,
 * "Test time").
 */
export const BROWSER_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH && process.env.CHROMIUM_PATH !== 'bundled' ? process.env.CHROMIUM_PATH : '/usr/bin/chromium',
  args: ['--headless', ...SYSTEM_ARGS, '--js-flags=--no-opt --no-maglev'],
};

/** A browser of its own, for a file run outside the e2e project's shared set-up. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(BROWSER_OPTIONS);
}

/**
 * The browser for one test file: a connection to the run's one Chromium (launched by the e2e global set-up)
 * when there is one, else a browser of its own. Closing a connection closes the contexts it opened, nothing else.
 * Contexts the file's tests close are kept for its next tests (context-pool.ts).
 */
export async function openBrowser(wsEndpoint: string | undefined): Promise<Browser> {
  return keepContexts(withoutServiceWorkers(wsEndpoint ? await chromium.connect(wsEndpoint) : await launchBrowser()));
}

/**
 * Contexts opened on this browser (browser.newPage opens one too) run no service worker unless they ask with
 * `serviceWorkers: 'allow'` (pwa.e2e.test.ts does): the app's worker precaches the whole app, ~2 MB in 175 files,
 * in the background of every context, which the other browser tests neither test nor need (issue 18's test time).
 */
function withoutServiceWorkers(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers: 'block', ...options });
  return browser;
}

const shotsDir = resolve(import.meta.dirname, '../../../../test-results/screenshots');

/** Saves a screenshot under test-results/screenshots (ignored by git) for people to look at. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
}

/** Like `screenshot`, of what the screen shows now (a long page's part in view, sticky bars where they are). */
export async function viewScreenshot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`) });
}

/**
 * Waits until a service worker controls the page (the app registers it on load; it claims the page once it has
 * precached the app). At most `timeoutMs`, then fails saying how far the worker got, where an unbounded wait would
 * only end in the test's timeout with nothing to say.
 *
 * Call it on the page that registered the worker before opening another address in that tab. A page whose
 * request went out while the first worker was still installing, and which loaded after the worker had claimed its
 * clients, is never controlled (seen as a 120 s timeout in field-conflicts.e2e; reproduced by holding one precached
 * file and the navigation: docs/decisions.md, "How the test run shares its set-up", sixteenth session). After a
 * sign-in by token (signInAsStaff's usual way) that page is the one the tab shows; its fallbacks through the login
 * screen and the provider navigate again after the app's first page, so a test with a worker should not take them.
 */
export async function serviceWorkerInControl(page: Page, timeoutMs = 60_000) {
  const state = await page.evaluate(async (ms) => {
    const controlled = (async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
      return 'controlled';
    })();
    const late = new Promise<string>((r) => setTimeout(r, ms, 'late'));
    if ((await Promise.race([controlled, late])) === 'controlled') return null;
    const registration = await navigator.serviceWorker.getRegistration();
    const worker = (w: ServiceWorker | null | undefined) => w?.state ?? 'none';
    return registration
      ? `installing ${worker(registration.installing)}, waiting ${worker(registration.waiting)}, active ${worker(registration.active)}`
      : 'no registration';
  }, timeoutMs);
  if (state) throw new Error(`no service worker controls ${page.url()} after ${timeoutMs} ms (${state})`);
}
