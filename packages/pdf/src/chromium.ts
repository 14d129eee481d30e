import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ResolvedChromium {
  executablePath: string;
  args: string[];
  source: 'system' | 'bundled';
  /** Extra environment for the browser process. */
  env?: Record<string, string>;
}

const SYSTEM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/**
 * The features playwright-core (1.65, `chromiumSwitches`) turns off for every Chromium it launches, in its own
 * `--disable-features` switch. Chromium reads only the last such switch, so ours below must repeat them; a test
 * (chromium.test.ts) fails when an upgrade of playwright-core changes its list.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium's headless mode is the whole browser: every browser context opens a window, and every window loaded the
 * address bar's pop-ups (chrome://omnibox-popup.top-chrome, two WebUI pages) in a renderer process of its own that
 * nobody ever sees, about 2 s of CPU each on this machine (a fifth of a browser test's Chromium time, and of every
 * PDF the worker prints, since each print is a context of its own). Issue 18.
 */
export const NO_BROWSER_UI_SWITCH = `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'].join(',')}`;

// --no-sandbox: the worker runs as root in containers, where Chromium's sandbox cannot start.
export const SYSTEM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  NO_BROWSER_UI_SWITCH,
];

/**
 * Flags of @sparticuz/chromium's Lambda defaults that must not reach our browser:
 * --single-process makes the first page.close() take the whole browser down; the other two would
 * let report HTML (which contains user text) read across origins or load http:// content.
 */
const DROPPED_BUNDLED_ARGS = new Set(['--single-process', '--disable-web-security', '--allow-running-insecure-content']);

let bundled: Promise<ResolvedChromium> | null = null;

/** Unpacks once per process: two concurrent unpacks into the same temp folder would corrupt it. */
function resolveBundled(): Promise<ResolvedChromium> {
  bundled ??= (async () => {
    // Imported lazily: machines with a system Chromium never load (or unpack) the 190 MB fallback.
    const { default: Chromium } = await import('@sparticuz/chromium');
    const executablePath = await Chromium.executablePath();
    const args = Chromium.args.filter((a) => !DROPPED_BUNDLED_ARGS.has(a));
    // Slim images have no fontconfig; then the fonts shipped with the package are the only ones.
    const env: Record<string, string> =
      existsSync('/etc/fonts/fonts.conf') || process.env.FONTCONFIG_PATH ? {} : { FONTCONFIG_PATH: join(tmpdir(), 'fonts') };
    return { executablePath, args, source: 'bundled' as const, env };
  })().catch((e) => {
    bundled = null;
    throw e;
  });
  return bundled;
}

/**
 * Which Chromium prints PDFs: CHROMIUM_PATH (a path, or `bundled`), else a system Chromium or
 * Chrome, else the one inside @sparticuz/chromium, so `npm ci && npm start` works on a bare machine.
 */
export async function resolveChromium(
  opts: { env?: NodeJS.ProcessEnv; candidates?: string[] } = {},
): Promise<ResolvedChromium> {
  const forced = (opts.env ?? process.env).CHROMIUM_PATH?.trim();
  if (forced === 'bundled') return resolveBundled();
  if (forced) {
    if (!existsSync(forced)) throw new Error(`CHROMIUM_PATH=${forced} does not exist`);
    return { executablePath: forced, args: SYSTEM_ARGS, source: 'system' };
  }
  const found = (opts.candidates ?? SYSTEM_CANDIDATES).find((p) => existsSync(p));
  if (found) return { executablePath: found, args: SYSTEM_ARGS, source: 'system' };
  return resolveBundled();
}
