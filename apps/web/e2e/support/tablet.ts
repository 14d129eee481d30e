import type { Browser, Locator, Page } from 'playwright-core';

/** The tablet the inspectors carry: an iPad Air is 820 px wide in portrait. */
export const TABLET = { width: 820, height: 1180 };

/** WCAG 2.5.5 target size; the theme gives primary controls this much on touch screens. */
export const MIN_TOUCH_TARGET = 44;

/**
 * A browser context with no cookies and no storage (kept between tests: context-pool.ts) on a tablet: 820 px wide
 * with a touch screen, so `(pointer: coarse)` matches.
 */
export async function newTabletPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: TABLET, hasTouch: true });
  return context.newPage();
}

/**
 * Fails listing each control (every element each locator matches) smaller than 44 × 44 px, or absent.
 * Names are the message's labels: `{ 'Sign in button': page.getByRole('button', { name: 'Sign in' }) }`.
 */
export async function expectTouchTargets(targets: Record<string, Locator>) {
  const small: string[] = [];
  for (const [name, locator] of Object.entries(targets)) {
    await locator.first().waitFor();
    const boxes = await locator.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ width: r.width, height: r.height })));
    boxes.forEach(({ width, height }, i) => {
      if (width < MIN_TOUCH_TARGET || height < MIN_TOUCH_TARGET) {
        small.push(`${name}${boxes.length > 1 ? ` #${i + 1}` : ''}: ${width.toFixed(1)} × ${height.toFixed(1)} px`);
      }
    });
  }
  if (small.length) throw new Error(`touch targets under ${MIN_TOUCH_TARGET} × ${MIN_TOUCH_TARGET} px:\n${small.map((s) => `- ${s}`).join('\n')}`);
}
