import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { pendingWritesChanged, registerServiceWorker, setPendingWritesSource } from './pwa/update';
import { loadQueue } from './offline-queue/load';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker exists in a built app only (vite-plugin-pwa writes /sw.js at build); after the first screen's load.
// A new version installs only when the device's write queue is empty (issue 23); the queue is a chunk of its own.
if (import.meta.env.PROD) {
  window.addEventListener('load', () => {
    void registerServiceWorker().catch(() => undefined);
    // Loaded when a new version waits (or by the signed-in app, which uses the queue): the public pages (login) do not
    // fetch the queue and IndexedDB's library for a count nobody asked for.
    let subscribed = false;
    setPendingWritesSource(() =>
      loadQueue().then((queue) => {
        if (!subscribed) queue.subscribePendingWrites(pendingWritesChanged);
        subscribed = true;
        return queue.pendingWritesCount();
      }),
    );
  });
}
