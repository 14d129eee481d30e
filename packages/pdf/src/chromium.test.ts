import { existsSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PLAYWRIGHT_DISABLED_FEATURES, resolveChromium } from './chromium.js';

// The bundled branch is exercised in bundled.test.ts only: unpacking it from two test files
// (two processes) at once would race on the same temp folder.
describe('resolveChromium', () => {
  it('uses CHROMIUM_PATH when it points at a file', async () => {
    const c = await resolveChromium({ env: { CHROMIUM_PATH: process.execPath } });
    expect(c).toMatchObject({ executablePath: process.execPath, source: 'system' });
    expect(c.args).toContain('--no-sandbox');
  });

  it('fails loudly when CHROMIUM_PATH points nowhere, instead of silently printing with another browser', async () => {
    await expect(resolveChromium({ env: { CHROMIUM_PATH: '/nonexistent/chrome' } })).rejects.toThrow(/CHROMIUM_PATH/);
  });

  it('takes the first system browser that exists', async () => {
    const c = await resolveChromium({ env: {}, candidates: ['/nonexistent/chromium', process.execPath] });
    expect(c).toMatchObject({ executablePath: process.execPath, source: 'system' });
  });
});

describe('the switches every Chromium we launch gets', () => {
  const system = ['/usr/bin/chromium'].find((p) => existsSync(p));

  it.skipIf(!system)("keep playwright's own disabled features and open no address-bar pop-ups in a context's window", async () => {
    const c = await resolveChromium({ env: {}, candidates: [system!] });
    const server = await chromium.launchServer({ executablePath: c.executablePath, args: c.args });
    try {
      // Chromium reads the last --disable-features: ours must hold everything playwright put in its own one
      const cmdline = readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0');
      const lists = cmdline.filter((a) => a.startsWith('--disable-features=')).map((a) => a.slice('--disable-features='.length).split(','));
      expect(lists.length).toBeGreaterThanOrEqual(2);
      expect(lists.at(-1)).toEqual(expect.arrayContaining(lists[0]!));
      expect(lists.at(-1)).toEqual(expect.arrayContaining(PLAYWRIGHT_DISABLED_FEATURES));

      const browser = await chromium.connect(server.wsEndpoint());
      const page = await (await browser.newContext()).newPage();
      await page.setContent('<p>report</p>');
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = await cdp.send('Target.getTargets');
      expect(targetInfos.filter((t) => t.type === 'page').map((t) => t.url)).toEqual(['about:blank']);
      expect(targetInfos.filter((t) => t.url.startsWith('chrome://')).map((t) => t.url)).toEqual([]);
      await browser.close();
    } finally {
      await server.close();
    }
  });
});
