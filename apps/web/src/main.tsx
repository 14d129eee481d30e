import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerServiceWorker } from './pwa/update';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker exists in a built app only (vite-plugin-pwa writes /sw.js at build); after the first screen's load.
if (import.meta.env.PROD) window.addEventListener('load', () => void registerServiceWorker().catch(() => undefined));
