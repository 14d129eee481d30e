import { useSyncExternalStore } from 'react';

/**
 * The service worker's update rule (issue 23, docs/decisions.md "Installable web app and route split"): a new version
 * waits ('prompt' style, no skipWaiting in the worker) and becomes active only when nothing waits to be sent, so a
 * version change never strands writes the offline queue holds. The queue tells us how many writes wait through
 * setPendingWritesSource; until it does, the count is 0.
 *
 * While an update waits and writes are pending the notice says it will be installed when everything is sent, and the
 * count is asked again every few seconds (and whenever the queue calls pendingWritesChanged). At 0 the notice offers
 * 'Reload'; the person chooses the moment, because a reload would throw away a form being filled in.
 */

/** How many writes wait to be sent; the offline queue supplies it (apps/web/src/offline-queue/). */
export type PendingWritesSource = () => Promise<number>;

export interface UpdateState {
  /** A new version is installed and waits to take over. */
  waiting: boolean;
  /** Writes waiting to be sent, as last counted (an unreadable count counts as 1: never install over unknown work). */
  pendingWrites: number;
}

/** The part of workbox-window's Workbox this module uses (a fake in the unit tests). */
export interface ServiceWorkerHandle {
  addEventListener(type: 'waiting' | 'controlling', listener: (event: { isUpdate?: boolean; isExternal?: boolean }) => void): void;
  register(): Promise<unknown>;
  update(): Promise<unknown>;
  messageSkipWaiting(): void;
}

export interface UpdateDeps {
  /** Reloads the page once the new version controls it. */
  reload: () => void;
  /** How often to re-count pending writes while an update waits behind them. */
  recountMs?: number;
  /** How often to ask the server for a new version while the app stays open. */
  checkMs?: number;
}

const RECOUNT_MS = 5_000;
const CHECK_MS = 60 * 60_000;

export function createUpdateController({ reload, recountMs = RECOUNT_MS, checkMs = CHECK_MS }: UpdateDeps) {
  let source: PendingWritesSource = async () => 0;
  let state: UpdateState = { waiting: false, pendingWrites: 0 };
  let handle: ServiceWorkerHandle | null = null;
  let recount: ReturnType<typeof setInterval> | undefined;
  let check: ReturnType<typeof setInterval> | undefined;
  let activating = false;
  const listeners = new Set<() => void>();

  const set = (next: Partial<UpdateState>) => {
    state = { ...state, ...next };
    for (const l of listeners) l();
  };

  /** Counts pending writes now and keeps the figure in the state. */
  async function countPendingWrites(): Promise<number> {
    let n: number;
    try {
      n = Math.max(0, Math.floor(Number(await source())));
      if (!Number.isFinite(n)) n = 1;
    } catch {
      n = 1;
    }
    if (n !== state.pendingWrites) set({ pendingWrites: n });
    return n;
  }

  function onWaiting() {
    set({ waiting: true });
    void countPendingWrites();
    if (recount === undefined) recount = setInterval(() => void countPendingWrites(), recountMs);
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setPendingWritesSource(fn: PendingWritesSource) {
      source = fn;
      if (state.waiting) void countPendingWrites();
    },
    /** The queue calls this after it sent (or queued) writes, so the notice changes without waiting for the next count. */
    pendingWritesChanged() {
      if (state.waiting) void countPendingWrites();
    },
    /** Wires the worker's events: 'waiting' shows the notice; 'controlling' after our skipWaiting reloads the page. */
    async register(sw: ServiceWorkerHandle) {
      handle = sw;
      sw.addEventListener('waiting', onWaiting);
      sw.addEventListener('controlling', (event) => {
        // only the switch we asked for; a first install taking control (clientsClaim) or another tab's choice does not reload this one
        if (activating && event.isUpdate !== false) reload();
      });
      await sw.register();
      if (checkMs > 0) check = setInterval(() => void sw.update().catch(() => undefined), checkMs);
    },
    /**
     * Installs the waiting version if nothing waits to be sent (counted again now: the queue may have taken a write
     * since the notice was drawn). Answers whether it did; the page reloads when the new version controls it.
     */
    /** Stops the timers (tests). */
    stop() {
      clearInterval(recount);
      clearInterval(check);
      recount = check = undefined;
    },
    async applyUpdate(): Promise<boolean> {
      if (!handle || !state.waiting) return false;
      if ((await countPendingWrites()) > 0) return false;
      activating = true;
      clearInterval(recount);
      recount = undefined;
      handle.messageSkipWaiting();
      return true;
    },
  };
}

export type UpdateController = ReturnType<typeof createUpdateController>;

/** The app's one controller. */
export const updates = createUpdateController({ reload: () => window.location.reload() });

/** The seam for the offline queue: it passes a function that counts the writes still to be sent. */
export function setPendingWritesSource(fn: PendingWritesSource): void {
  updates.setPendingWritesSource(fn);
}

/** The queue calls this when its count changed (a write sent or queued). */
export function pendingWritesChanged(): void {
  updates.pendingWritesChanged();
}

/**
 * Registers the service worker (built by vite-plugin-pwa as /sw.js) in a production build. workbox-window is loaded
 * here, after the first screen, not in the entry chunk.
 */
export async function registerServiceWorker(controller: UpdateController = updates): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  await controller.register({
    // 'waiting' from workbox-window; the switch itself from the browser's controllerchange (workbox-window's own
    // 'controlling' event did not reach us after skipWaiting in Chromium 156: seen in pwa.e2e.test.ts)
    addEventListener: (type, listener) =>
      type === 'controlling'
        ? navigator.serviceWorker.addEventListener('controllerchange', () => listener({ isUpdate: true }))
        : wb.addEventListener(type, listener),
    register: () => wb.register(),
    update: () => wb.update(),
    messageSkipWaiting: () => wb.messageSkipWaiting(),
  });
}

/** The update state for a component. */
export function useUpdateState(controller: UpdateController = updates): UpdateState {
  return useSyncExternalStore(controller.subscribe, controller.getState);
}
