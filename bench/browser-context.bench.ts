import { chromium, type Browser, type Page } from 'playwright-core';
import { startProduct } from '../apps/web/e2e/support/product.js';
import { BROWSER_OPTIONS } from '../apps/web/e2e/support/browser.js';
import { expectNoSeriousA11yViolations } from '../apps/web/e2e/support/axe.js';
import { tokenThroughProvider } from '../apps/web/e2e/support/sign-in.js';
import { cpuCount, machineCpu } from './machine-cpu.js';

/**
 * Issue 18's test time: what one step of a browser test costs the machine, in CPU-seconds of the whole machine (from
 * /proc/stat: Chromium's processes, the product, this process), with the browser tests' own Chromium and flags and the
 * built product on a fresh PGlite folder (`npm run build` first). Cases, each run BENCH_ROUNDS times (default 12) in a
 * row and averaged:
 * - a blank context: `browser.newContext()`, a page, close (the floor of any test's context);
 * - what most browser tests do first: a new context, the signed-in person's token written on the product's origin
 *   (sign-in.ts's resumeSession), My page or /Reports opened until the header shows the person, close;
 * - the same screen opened again in a page that already shows the app (a reload: same renderer, its caches warm);
 * - what reusing one signed-in page per person across tests would cost instead of a new context: that page's storage
 *   cleared on the product's origin, the token written again, the screen opened (`sign-in.ts`'s path, kept page);
 * - a person's first sign-in to a file's product: through the screens (login screen, the development provider's page),
 *   against over HTTP and then a new context with the token (sign-in.ts since the fourteenth session);
 * - one accessibility check as the browser tests run it (`support/axe.ts`: axe at the page's width, then at 820 px)
 *   on My page, /Customers and /Reports, the page open and settled.
 * The machine must be quiet: every process's CPU counts. docs/decisions.md "Why under ten minutes is out of reach".
 */
export default async function browserContextBench() {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 12);
  const product = await startProduct({});
  const browser = await chromium.launch(BROWSER_OPTIONS);
  const email = 'admin@company.example'; // the demo seed's administrator
  try {
    const token = await signInThroughProvider(browser, product.url, email);
    const fresh = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
      const page = await context.newPage();
      return { context, page };
    };
    const open = async (page: Page, path: string) => {
      await page.goto(product.url + path);
      await page.getByText(email).first().waitFor();
    };
    // a new context with the token written on the product's origin (sign-in.ts's resumeSession), `path` opened
    const signedIn = async (path: string, withToken = token) => {
      const { context, page } = await fresh();
      await page.goto(`${product.url}/ready`);
      await page.evaluate((t) => localStorage.setItem('token', t), withToken);
      await open(page, path);
      return { context, page };
    };
    const cases: Array<{ name: string; prepare?: () => Promise<Page>; step: (page?: Page) => Promise<void> }> = [
      { name: 'blank context: new context and page, closed', step: async () => (await fresh()).context.close() },
      ...['/', '/Reports'].map((path) => ({
        name: `new context, signed in, ${path === '/' ? 'My page' : path} until the header shows, closed`,
        step: async () => (await signedIn(path)).context.close(),
      })),
      ...['/', '/Reports'].map((path) => ({
        name: `${path === '/' ? 'My page' : path} opened again in a page already showing the app`,
        prepare: async () => (await signedIn(path)).page,
        step: (page?: Page) => open(page!, path),
      })),
      ...['/', '/Reports'].map((path) => ({
        name: `${path === '/' ? 'My page' : path} in a kept page: storage cleared, token written again, opened`,
        prepare: async () => (await fresh()).page,
        step: async (page?: Page) => {
          await page!.goto(`${product.url}/ready`);
          await page!.evaluate((t) => {
            localStorage.clear();
            sessionStorage.clear();
            localStorage.setItem('token', t);
          }, token);
          await open(page!, path);
        },
      })),
      {
        name: "a person's first sign-in through the screens: new context, login screen, provider's page, My page, closed",
        step: async () => void (await signInThroughProvider(browser, product.url, email)),
      },
      {
        name: "a person's first sign-in over HTTP (sign-in.ts), then a new context with its token, My page, closed",
        step: async () => {
          const handedOver = await tokenThroughProvider(product.url, email);
          if (!handedOver) throw new Error('the sign-in over HTTP handed over no token');
          await (await signedIn('/', handedOver)).context.close();
        },
      },
      ...['/', '/Customers', '/Reports'].map((path) => ({
        name: `one accessibility check of ${path === '/' ? 'My page' : path} (axe at 1280 px, then at 820 px)`,
        prepare: async () => {
          const { page } = await signedIn(path);
          await page.waitForLoadState('networkidle');
          return page;
        },
        step: (page?: Page) => expectNoSeriousA11yViolations(page!, path),
      })),
    ];
    // BENCH_CASES: run only the cases whose name contains one of these comma-separated words
    const only = process.env.BENCH_CASES?.split(',').map((w) => w.trim()).filter(Boolean);
    const chosen = cases.filter((k) => !only?.length || only.some((w) => k.name.includes(w)));
    if (!chosen.length) throw new Error(`BENCH_CASES=${process.env.BENCH_CASES} names no case of this bench`);
    for (const c of chosen) {
      const page = await c.prepare?.();
      await c.step(page); // warm: the product's first answers, Chromium's first context
      await new Promise((r) => setTimeout(r, 500));
      const [cpu0, started] = [machineCpu(), performance.now()];
      for (let i = 0; i < rounds; i++) await c.step(page);
      const [cpu1, wall] = [machineCpu(), performance.now() - started];
      await page?.context().close();
      console.log({
        case: c.name,
        rounds,
        cpuSecondsEach: +((cpu1.busy - cpu0.busy) / rounds).toFixed(3),
        wallMsEach: Math.round(wall / rounds),
        machineBusy: `${Math.round((100 * (cpu1.busy - cpu0.busy)) / (cpu1.all - cpu0.all))} % of ${cpuCount()} cores`,
      });
    }
  } finally {
    await browser.close();
    await product.stop();
  }
}

/** Signs in once as a person does (login screen, the development provider) and answers the token the app saved. */
async function signInThroughProvider(browser: Browser, url: string, email: string): Promise<string> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(url + '/');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/dev-idp\//);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(email).first().waitFor();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await context.close();
  if (!token) throw new Error('signed in, but the app saved no token');
  return token;
}
