import type { ManifestOptions } from 'vite-plugin-pwa';

/** The install identity (issue 23): the colours are theme.ts's primary and background (a unit test keeps them equal). */
export const THEME_COLOR = '#17324d';
export const BACKGROUND_COLOR = '#f3f5f8';

export const webAppManifest: Partial<ManifestOptions> = {
  name: 'Equipment Inspections',
  short_name: 'Inspections',
  description: 'Equipment Inspections: inspections, audits and service reports',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
