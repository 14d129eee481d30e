import axe, { type AxeResults, type ElementContext } from 'axe-core';
import type { Frame, Page } from 'playwright-core';
import { TABLET } from './tablet.js';

export { TABLET };

/** The impacts that fail a test; moderate and minor findings are left to reviews. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe (every rule of the WCAG 2.x A/AA and best-practice sets axe enables by default) on the page as
 * it is, then again at tablet width, and fails listing each serious or critical violation: rule, impact,
 * what to do, and the selectors of the elements, so the message says what to fix. `context` names the
 * screen and state in that message ('login, password step').
 */
export async function expectNoSeriousA11yViolations(page: Page, context = new URL(page.url()).pathname, options: AxeOptions = {}) {
  const found: Finding[] = await seriousA11yViolations(page, options);
  const viewport = page.viewportSize();
  if (viewport && viewport.width !== TABLET.width) {
    await page.setViewportSize(TABLET);
    try {
      // only what the narrower layout adds: a finding at both widths is listed once
      const seen = new Set(found.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`)));
      for (const v of await seriousA11yViolations(page, options)) {
        const nodes = v.nodes.filter((n) => !seen.has(`${v.id} ${n.target.join(' ')}`));
        if (nodes.length) found.push({ ...v, nodes, width: TABLET.width });
      }
    } finally {
      await page.setViewportSize(viewport);
    }
  }
  if (found.length > 0) throw new Error(describe(found, `${context} (${page.url()})`));
}

type Violation = AxeResults['violations'][number];
type Finding = Violation & { width?: number };

export interface AxeOptions {
  /**
   * CSS selectors axe leaves out. For a frame that runs no scripts (a sandboxed srcdoc report): axe's
   * per-frame run waits on timers that never fire there, so it would hang; check that document on its own.
   */
  exclude?: string[];
}

/**
 * axe's serious and critical violations on the page as it is now (after transitions settle). axe-core runs in the
 * page itself, put into each frame once per document: @axe-core/playwright's AxeBuilder injected it again on
 * every check and finished each run in a new blank page, about 0.7 s per check before any rule ran (issue 18).
 * Only violations are collected: passes and inapplicable results would be serialized for every node.
 */
export async function seriousA11yViolations(page: Page, { exclude = [] }: AxeOptions = {}): Promise<Violation[]> {
  await settle(page);
  for (const frame of page.frames()) await ensureAxe(frame);
  // A frame without axe (it runs no scripts) would keep the run waiting: the caller excludes it (AxeOptions).
  // (The answer is typed after the call: inferring axe's result type through evaluate is too deep for tsc.)
  const violations = (await page.evaluate(async (excluded: string[]): Promise<unknown> => {
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    const context: ElementContext = { exclude: excluded.map((selector) => [selector]) };
    return (await inPage.run(context, { resultTypes: ['violations'] })).violations;
  }, exclude)) as Violation[];
  return violations.filter((v) => BLOCKING.has(v.impact ?? ''));
}

/** Puts axe-core into the frame's document unless it is there (a navigation clears it). */
async function ensureAxe(frame: Frame) {
  const present = await frame.evaluate(() => 'axe' in window).catch(() => true); // a frame that cannot run scripts
  if (!present) await frame.evaluate(AXE_SOURCE);
}

/**
 * axe-core's source, with its colour classes' private fields kept in symbol-keyed properties instead of one WeakMap
 * (or WeakSet) per field. axe ships transpiled class private fields: every colour it makes for color-contrast puts
 * itself into seven weak collections, and every field read goes through helper calls and a weak-map lookup. In the
 * test browser (no optimizing compiler, browser.ts) those helpers and the garbage collector's work on the weak
 * entries were a fifth of an axe check's script time; a check of /Reports at both widths took 2.07-2.16 CPU-seconds
 * of the renderer with axe as shipped and 1.80-1.82 with this (issue 18, fourteenth session). The rules, their checks
 * and the results are axe's own (axe-runner.e2e.test.ts compares both sources' findings on the same page). A new axe
 * version whose source no longer has these ten stores fails here, so this is looked at again then.
 */
export const AXE_SOURCE = fasterPrivateFields(axe.source);

function fasterPrivateFields(source: string): string {
  const opening = '(function axeFunction(window) {';
  const declarations = /\b(_\w+) = new Weak(?:Map|Set)\(\)/g;
  const found = source.match(declarations)?.length ?? 0;
  if (!source.startsWith(opening) || found !== 10) {
    throw new Error(`axe-core's source changed (${found} private-field stores, 10 expected): review fasterPrivateFields in e2e/support/axe.ts`);
  }
  // has/get/set/add: what axe's private-field helpers call on the store
  const slot = `function PrivateSlot() { this.key = Symbol(); }
    PrivateSlot.prototype.has = function (o) { return Object.prototype.hasOwnProperty.call(o, this.key); };
    PrivateSlot.prototype.get = function (o) { return o[this.key]; };
    PrivateSlot.prototype.set = function (o, v) { o[this.key] = v; return this; };
    PrivateSlot.prototype.add = function (o) { o[this.key] = true; return this; };`;
  return opening + slot + source.slice(opening.length).replace(declarations, '$1 = new PrivateSlot()');
}

/**
 * Waits for running CSS transitions and animations (a dialog fading in, a ripple) to end: axe measures
 * colours as painted, and a half-faded dialog reads as a contrast failure that no person ever sees.
 */
async function settle(page: Page) {
  await page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const finite = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.race([Promise.allSettled(finite.map((a) => a.finished)), new Promise((r) => setTimeout(r, 2_000))]);
  });
}

function describe(found: Finding[], where: string): string {
  const lines = [`axe: ${found.length} serious or critical accessibility violation(s) on ${where}:`];
  for (const v of found) {
    lines.push(`- [${v.impact}] ${v.id}${v.width ? ` (at ${v.width} px wide)` : ''}: ${v.help} — ${v.helpUrl}`);
    for (const node of v.nodes.slice(0, 8)) {
      const why = (node.failureSummary ?? '').split('\n').slice(1).map((s) => s.trim()).filter(Boolean).join('; ').slice(0, 300);
      lines.push(`    ${node.target.join(' >> ')}${why ? `  — ${why}` : ''}`);
    }
    if (v.nodes.length > 8) lines.push(`    … and ${v.nodes.length - 8} more`);
  }
  return lines.join('\n');
}
