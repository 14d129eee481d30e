import { describe, expect, it } from 'vitest';
import { resolveChromium } from './chromium.js';

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
