import { mkdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveChromium } from './chromium.js';
import { createPdfRenderer } from './renderer.js';
import { COLORS, hasPoppler, pdfText, rasterPage1, reportHtml, writePdf } from './test-helpers.js';

// The fallback for machines without a system Chromium (npm ci && npm start on a bare host).
const outDir = '/tmp/insp-pdf-test/bundled';
mkdirSync(outDir, { recursive: true });
const renderer = createPdfRenderer({ chromium: () => resolveChromium({ env: { CHROMIUM_PATH: 'bundled' } }) });
afterAll(() => renderer.close());

describe('PDF renderer (Chromium from @sparticuz/chromium)', () => {
  it('resolves to the unpacked browser without the flags that break or weaken it', async () => {
    const c = await resolveChromium({ env: { CHROMIUM_PATH: 'bundled' } });
    expect(c.source).toBe('bundled');
    expect(c.executablePath).not.toMatch(/^\/usr\/bin\//);
    for (const flag of ['--single-process', '--disable-web-security', '--allow-running-insecure-content']) {
      expect(c.args).not.toContain(flag);
    }
  });

  it('prints the report, twice on one browser', async () => {
    const first = await renderer.render(reportHtml('Bundled Chromium'));
    // --single-process would have killed the browser when the first page closed: a relaunch shows up here.
    const second = await renderer.render('<h1>Second</h1>');
    expect(renderer.stats()).toMatchObject({ source: 'bundled', launches: 1 });
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(second.subarray(0, 5).toString()).toBe('%PDF-');
    if (!hasPoppler) return;
    const file = writePdf(outDir, 'report.pdf', first);
    expect(pdfText(file)).toContain('SN-112233');
    const page = rasterPage1(file, outDir);
    expect(page.ppm.count(COLORS.png)).toBeGreaterThan(3000);
    expect(page.ppm.count(COLORS.svg)).toBeGreaterThan(3000);
  });
});
