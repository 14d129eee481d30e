import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPdfRenderer } from './renderer.js';
import { COLORS, hasPoppler, pdfInfo, pdfText, rasterPage1, reportHtml, writePdf } from './test-helpers.js';

// Page 1 is kept here as PNG for people to look at.
const outDir = '/tmp/insp-pdf-test/system';
mkdirSync(outDir, { recursive: true });
const renderer = createPdfRenderer({ maxConcurrentPages: 2 });
afterAll(() => renderer.close());

const footer = '<div style="font-size:9px;width:100%;text-align:center">Seite <span class="pageNumber"></span> / <span class="totalPages"></span></div>';

describe('PDF renderer (system Chromium)', () => {
  it('prints a report with heading, table, inline SVG and PNG on A4', async () => {
    const pdf = await renderer.render(reportHtml('Prüfbericht Nr. 7'), { format: 'A4', footerTemplate: footer });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(renderer.stats()).toMatchObject({ source: 'system', launches: 1 });
    if (!hasPoppler) return;
    const file = writePdf(outDir, 'report.pdf', pdf);
    const info = pdfInfo(file);
    expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBeGreaterThanOrEqual(1);
    expect(info).toMatch(/Page size:\s+59\d\.\d+ x 84\d\.\d+ pts \(A4\)/);
    const text = pdfText(file);
    for (const s of ['Prüfbericht Nr. 7', 'SN-778899', 'Needs repair', 'Seite 1 / 1']) expect(text).toContain(s);
    const page = rasterPage1(file, outDir);
    // 160 px at 96 dpi is about 100 px at 60 dpi, so each picture covers thousands of its colour's pixels.
    expect(page.ppm.count(COLORS.png)).toBeGreaterThan(3000);
    expect(page.ppm.count(COLORS.svg)).toBeGreaterThan(3000);
  });

  it('prints no more than maxConcurrentPages at a time, on one browser', async () => {
    const pdfs = await Promise.all(Array.from({ length: 5 }, (_, i) => renderer.render(reportHtml(`Report ${i}`))));
    for (const pdf of pdfs) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Whether two pages overlap in time depends on machine load; the bound is what must hold
    // (semaphore.test.ts proves the queueing itself deterministically).
    const stats = renderer.stats();
    expect(stats.maxOpenPages).toBeGreaterThanOrEqual(1);
    expect(stats.maxOpenPages).toBeLessThanOrEqual(2);
    expect(stats).toMatchObject({ openPages: 0, waiting: 0, launches: 1 });
  });

  it('runs no script and loads nothing from the network or the disk', async () => {
    const hits: string[] = [];
    const server = createServer((req, res) => (hits.push(req.url ?? ''), res.end('body { color: red }')));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const secretDir = mkdtempSync(join(tmpdir(), 'insp-pdf-secret-'));
    writeFileSync(join(secretDir, 'secret.txt'), 'LOCAL-FILE-MARKER');
    try {
      const pdf = await renderer.render(`<h1>Hostile</h1>
        <link rel="stylesheet" href="${origin}/style.css"><img src="${origin}/track.png">
        <iframe src="file://${secretDir}/secret.txt"></iframe><iframe src="${origin}/frame"></iframe>
        <script>document.write('SCRIPT-RAN')</script>`);
      expect(hits).toEqual([]);
      if (!hasPoppler) return;
      const text = pdfText(writePdf(outDir, 'hostile.pdf', pdf));
      expect(text).toContain('Hostile');
      expect(text).not.toContain('SCRIPT-RAN');
      expect(text).not.toContain('LOCAL-FILE-MARKER');
    } finally {
      server.close();
    }
  });

  it('launches a new browser when the old one was killed', async () => {
    await renderer.render('<p>warm</p>');
    const launches = renderer.stats().launches;
    // The browser is our child process; kill it the way the OOM killer would.
    const children = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => /chrom/i.test(l))
      .map((l) => Number(l.trim().split(/\s+/)[0]));
    expect(children.length).toBeGreaterThan(0);
    for (const pid of children) process.kill(pid, 'SIGKILL');
    const pdf = await renderer.render('<p>after the crash</p>');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(renderer.stats().launches).toBe(launches + 1);
  });

  it('refuses to render once closed, without launching a browser', async () => {
    const r = createPdfRenderer();
    await r.close();
    await expect(r.render('<p>x</p>')).rejects.toThrow(/closed/);
    expect(r.stats().launches).toBe(0);
  });
});
