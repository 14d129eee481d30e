import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page } from 'playwright-core';

/**
 * Browser contexts a test file closes, kept for its next test instead of a new context each (issue 18's test time).
 * A context's first page costs Chromium a renderer process, the app's scripts fetched and compiled, a profile and its
 * storage partition; a kept page has them: the same screen for about 0.5 CPU-seconds less (browser-context.bench.ts;
 * decisions, "How the test run shares its set-up", twelfth session).
 *
 * What the next test gets is what a new context gives it, apart from those caches and the tab's history: its first
 * `newPage()` answers the kept page, on about:blank, with no cookies, no storage of any origin it visited (local and
 * session storage, IndexedDB, Cache Storage), no listeners, at the size the context was opened with. Only contexts
 * opened with the options below are kept; one the test changed in a way that cannot be undone (an init script, an
 * exposed function, a route, permissions, its own CDP session, offline, a second page, a clock) is closed for real, as
 * is any whose clean-up fails, and all of them when the file's browser connection closes. Tests keep calling
 * `context.close()`; a context a passed test leaves open is handed back when it ends (`releaseTestContexts`), and
 * those of a failed or timed-out test are closed for real (its body may still be running). `beginTest`/
 * `releaseTestContexts` mark a test's span: contexts opened outside it (a file's set-up) are the set-up's own.
 */
const KEPT_OPTIONS = new Set(['viewport', 'hasTouch', 'acceptDownloads', 'timezoneId', 'locale', 'serviceWorkers']);

interface Kept {
  context: BrowserContext;
  page: Page;
  options: BrowserContextOptions;
  /** the pool's own CDP session on the page (it clears storage) */
  cdp: CDPSession;
  /** origins the page has been on since it was handed out: their storage is cleared */
  origins: Set<string>;
  /** Playwright's own listeners on the page (its close and crash handling): the clean-up removes only the test's */
  ownListeners: Set<unknown>;
  /** the test's first newPage() has had the page */
  handedOut: boolean;
  /** changed in a way the clean-up cannot undo (or its test failed): its next close is for real */
  changed: boolean;
  idle: boolean;
  /** a close under way: a second close() waits for it instead of releasing the context twice */
  closing?: Promise<void>;
}

interface Pool {
  idle: Map<string, Kept[]>;
  /** contexts handed to the running test (not to a file's set-up) */
  inTest: Set<Kept>;
  testRunning: boolean;
}

const pools = new WeakMap<Browser, Pool>();

/** Makes `browser.newContext` hand out kept contexts where its options allow; returns the browser. */
export function keepContexts(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const pool: Pool = { idle: new Map(), inTest: new Set(), testRunning: false };
  pools.set(browser, pool);
  browser.newContext = async (options: BrowserContextOptions = {}) => {
    const keepable = Object.keys(options).every((k) => KEPT_OPTIONS.has(k)) && options.serviceWorkers !== 'allow';
    if (!keepable) return newContext(options);
    const key = JSON.stringify(Object.entries(options).sort(([a], [b]) => a.localeCompare(b)));
    let kept = pool.idle.get(key)?.pop();
    if (!kept) kept = await keep(await newContext(options), options, () => {
      const list = pool.idle.get(key) ?? [];
      pool.idle.set(key, list);
      list.push(kept!);
    });
    kept.idle = false;
    kept.handedOut = false;
    if (pool.testRunning) pool.inTest.add(kept);
    return kept.context;
  };
  return browser;
}

/** Before each test: contexts opened from now on are the test's. */
export function beginTest(browser: Browser) {
  const pool = pools.get(browser);
  if (pool) pool.testRunning = true;
}

/**
 * After each test: the contexts it opened and left open go back to the pool as if it had closed them when it passed,
 * and are closed for real when it did not (a timed-out test's body may still be working its pages).
 */
export async function releaseTestContexts(browser: Browser, passed: boolean) {
  const pool = pools.get(browser);
  if (!pool) return;
  pool.testRunning = false;
  const open = [...pool.inTest];
  pool.inTest.clear();
  for (const kept of open) {
    if (!passed) kept.changed = true;
    if (!kept.idle) await kept.context.close();
  }
}

/** Methods after which a context is not handed on: their effect cannot be undone from outside. */
const CONTEXT_CHANGES = ['addInitScript', 'exposeFunction', 'exposeBinding', 'grantPermissions', 'setGeolocation', 'setExtraHTTPHeaders', 'setHTTPCredentials', 'route', 'routeFromHAR', 'routeWebSocket', 'newCDPSession', 'setOffline'];
const PAGE_CHANGES = ['addInitScript', 'exposeFunction', 'exposeBinding', 'setExtraHTTPHeaders', 'route', 'routeFromHAR', 'routeWebSocket', 'emulateMedia'];

async function keep(context: BrowserContext, options: BrowserContextOptions, release: () => void): Promise<Kept> {
  const page = await context.newPage();
  const kept: Kept = {
    context,
    page,
    options,
    cdp: await context.newCDPSession(page), // opened before newCDPSession counts as a change
    origins: new Set(),
    ownListeners: new Set(listenersOf(page)),
    handedOut: false,
    changed: false,
    idle: false,
  };
  const counted = (target: object, names: string[]) => {
    for (const name of names) {
      const original = (target as Record<string, unknown>)[name];
      if (typeof original !== 'function') continue;
      (target as Record<string, unknown>)[name] = (...args: unknown[]) => {
        kept.changed = true;
        return (original as (...a: unknown[]) => unknown).apply(target, args);
      };
    }
  };
  counted(context, CONTEXT_CHANGES);
  counted(page, PAGE_CHANGES);
  counted(page.clock, Object.getOwnPropertyNames(Object.getPrototypeOf(page.clock)).filter((n) => n !== 'constructor'));
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    if (!kept.handedOut) {
      kept.handedOut = true;
      return page;
    }
    kept.changed = true; // a second page
    return newPage();
  };
  const track = () => page.on('framenavigated', (frame) => {
    const origin = new URL(frame.url()).origin;
    if (origin.startsWith('http')) kept.origins.add(origin);
  });
  track();
  const close = context.close.bind(context);
  context.close = async (closeOptions) => {
    if (kept.idle) return; // closed already, as far as its last test knows
    kept.closing ??= (async () => {
      const clean = !kept.changed && !page.isClosed() && context.pages().length === 1 && (await reset(kept));
      kept.idle = true;
      if (clean && !kept.changed) {
        track();
        release();
      } else await close(closeOptions);
    })().finally(() => (kept.closing = undefined));
    await kept.closing;
  };
  return kept;
}

/**
 * Brings the page and its context back to what a new context gives; false when any step fails or the whole takes
 * over 10 s (a stuck renderer): the context is then closed for real.
 */
async function reset(kept: Kept): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 10_000)));
  try {
    return await Promise.race([late, cleaned(kept)]);
  } finally {
    clearTimeout(timer);
  }
}

/** Page is an event emitter at run time; its typings list only the `on`/`off` side. */
const emitter = (page: Page) => page as unknown as Pick<NodeJS.EventEmitter, 'eventNames' | 'rawListeners' | 'off'>;

function listenersOf(page: Page): unknown[] {
  return emitter(page).eventNames().flatMap((event) => emitter(page).rawListeners(event));
}

/** The test's listeners off the page (Playwright's own stay). */
function removeTestListeners(page: Page, ownListeners: Set<unknown>) {
  for (const event of emitter(page).eventNames()) {
    for (const listener of emitter(page).rawListeners(event)) {
      if (!ownListeners.has(listener)) emitter(page).off(event, listener as (...args: unknown[]) => void);
    }
  }
}

async function cleaned({ page, cdp, context, origins, options, ownListeners }: Kept): Promise<boolean> {
  try {
    removeTestListeners(page, ownListeners);
    // an open dialog, or the app's question before unsaved work is dropped: answered as a person leaving would
    page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
    // session storage belongs to the tab: cleared on the origin the page is on (the app itself keeps none)
    if (page.url().startsWith('http')) await page.evaluate(() => sessionStorage.clear());
    await page.goto('about:blank', { timeout: 10_000 });
    removeTestListeners(page, ownListeners);
    await page.mouse.move(0, 0);
    for (const origin of origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    origins.clear();
    await context.clearCookies();
    const viewport = options.viewport === undefined ? { width: 1280, height: 720 } : options.viewport;
    if (viewport && JSON.stringify(page.viewportSize()) !== JSON.stringify(viewport)) await page.setViewportSize(viewport);
    return true;
  } catch {
    return false;
  }
}
