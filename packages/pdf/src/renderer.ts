import type { Browser } from 'playwright-core';
import { resolveChromium, type ResolvedChromium } from './chromium.js';
import { createSemaphore } from './semaphore.js';

export interface PdfRendererOptions {
  /** Pages printing at once; each costs a renderer process and tens of MB. */
  maxConcurrentPages?: number;
  /** Which browser to launch; defaults to resolveChromium(). */
  chromium?: () => Promise<ResolvedChromium>;
  /** One render (load + print) may take this long before its page is closed. */
  renderTimeoutMs?: number;
  /**
   * Report HTML contains user text, so by default it runs no script and fetches nothing:
   * images and fonts come inline (data: URLs). Allow URLs here only for trusted origins.
   */
  allowRequest?: (url: string) => boolean;
  javaScript?: boolean;
}

export interface RenderOptions {
  format?: 'A4' | 'A3' | 'A5' | 'Letter' | 'Legal';
  landscape?: boolean;
  margin?: { top?: string; right?: string; bottom?: string; left?: string };
  /** Chromium's print templates: classes pageNumber, totalPages, date, title fill in. */
  headerTemplate?: string;
  footerTemplate?: string;
  /** Let CSS @page size win over `format`. */
  preferCSSPageSize?: boolean;
}

export interface RendererStats {
  launches: number;
  openPages: number;
  /** Highest openPages seen since the renderer was created. */
  maxOpenPages: number;
  waiting: number;
  source?: ResolvedChromium['source'];
}

export interface PdfRenderer {
  render(html: string, options?: RenderOptions): Promise<Buffer>;
  close(): Promise<void>;
  stats(): RendererStats;
}

const DEFAULT_MARGIN = { top: '15mm', right: '12mm', bottom: '15mm', left: '12mm' };
// Chromium prints its own default header (date, title) when one template is missing.
const EMPTY_TEMPLATE = '<span></span>';

/** One long-lived browser, launched on first use and again after it crashed or was disconnected. */
export function createPdfRenderer(opts: PdfRendererOptions = {}): PdfRenderer {
  const semaphore = createSemaphore(opts.maxConcurrentPages ?? 2);
  const timeoutMs = opts.renderTimeoutMs ?? 30_000;
  const allow = opts.allowRequest ?? (() => false);
  const stats: RendererStats = { launches: 0, openPages: 0, maxOpenPages: 0, waiting: 0 };
  let current: Promise<Browser> | null = null;
  let live: Browser | null = null;
  let launchGeneration = 0;
  let closed = false;

  function browser(): Promise<Browser> {
    // `live` is null while launching; a dead browser is replaced even before its 'disconnected' event.
    if (current && (!live || live.isConnected())) return current;
    void live?.close().catch(() => {});
    live = null;
    const generation = ++launchGeneration;
    const launching: Promise<Browser> = (async () => {
      const c = await (opts.chromium ?? resolveChromium)();
      // playwright-core is loaded with the first PDF, not when the product starts (an eighth of every start, issue 18)
      const { chromium } = await import('playwright-core');
      const b = await chromium.launch({
        executablePath: c.executablePath,
        args: c.args,
        headless: true,
        env: { ...process.env, ...c.env } as Record<string, string>,
      });
      stats.launches++;
      stats.source = c.source;
      if (generation === launchGeneration) live = b;
      return b;
    })();
    current = launching;
    // A failed launch must not be cached, or every later render would fail the same way.
    launching.catch(() => {
      if (generation === launchGeneration) current = null;
    });
    return launching;
  }

  async function renderOnce(b: Browser, html: string, o: RenderOptions): Promise<Buffer> {
    const context = await b.newContext({ javaScriptEnabled: opts.javaScript ?? false });
    // Closing the context is what unblocks a hung page.pdf(); a timer on the promise alone would leak the page.
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      void context.close().catch(() => {});
    }, timeoutMs);
    try {
      await context.route('**/*', (route) => (allow(route.request().url()) ? route.continue() : route.abort('blockedbyclient')));
      const page = await context.newPage();
      stats.openPages++;
      stats.maxOpenPages = Math.max(stats.maxOpenPages, stats.openPages);
      try {
        page.setDefaultTimeout(timeoutMs);
        await page.setContent(html, { waitUntil: 'load' });
        const withTemplates = o.headerTemplate !== undefined || o.footerTemplate !== undefined;
        return await page.pdf({
          format: o.format ?? 'A4',
          landscape: o.landscape,
          margin: { ...DEFAULT_MARGIN, ...o.margin },
          printBackground: true,
          preferCSSPageSize: o.preferCSSPageSize,
          displayHeaderFooter: withTemplates,
          headerTemplate: withTemplates ? (o.headerTemplate ?? EMPTY_TEMPLATE) : undefined,
          footerTemplate: withTemplates ? (o.footerTemplate ?? EMPTY_TEMPLATE) : undefined,
        });
      } finally {
        stats.openPages--;
      }
    } catch (e) {
      throw timedOut ? new Error(`PDF render took longer than ${timeoutMs} ms`, { cause: e }) : e;
    } finally {
      clearTimeout(timer);
      await context.close().catch(() => {});
    }
  }

  return {
    async render(html, o = {}) {
      if (closed) throw new Error('PDF renderer is closed');
      return semaphore.run(async () => {
        // Renders queued before close() must not launch a new browser after it.
        if (closed) throw new Error('PDF renderer is closed');
        const b = await browser();
        try {
          return await renderOnce(b, html, o);
        } catch (e) {
          // The browser died under this render (crash, OOM kill): one retry on a fresh one.
          if (b.isConnected() || closed) throw e;
          return renderOnce(await browser(), html, o);
        }
      });
    },

    async close() {
      closed = true;
      const b = await current?.catch(() => null);
      current = null;
      live = null;
      await b?.close();
    },

    stats: () => ({ ...stats, waiting: semaphore.waiting }),
  };
}
