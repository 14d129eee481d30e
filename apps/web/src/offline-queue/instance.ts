import { directWrites, type InspectionWrites } from '../inspection-writes';
import { WriteQueue } from './queue';
import { appTransport } from './transport';
import { browserTabs } from './tabs';
import { signedInUser } from './signedIn';
import { queuedWrites } from './writes';

let queue: WriteQueue | null = null;
let writes: InspectionWrites | null = null;

/** The page's one queue over the app's IndexedDB database, started (loaded and sending) on first use. */
export function appQueue(): WriteQueue {
  if (!queue) {
    // One tab of the app sends at a time (a Web Lock); all show the same counts (BroadcastChannel): tabs.ts.
    // Each entry is sent only under its maker's sign-in (signedIn.ts, set by OfflineWritesProvider).
    queue = new WriteQueue({ transport: appTransport, user: signedInUser, tabs: browserTabs('insp-offline-queue') });
    // A database that cannot open (storage disabled) leaves the writes failing as direct ones would.
    void queue.start().catch((e: unknown) => console.error('offline queue', e));
  }
  return queue;
}

/** The write module the app puts under its screens: every write through the queue. */
export function appQueuedWrites(): InspectionWrites {
  writes ??= queuedWrites(appQueue(), directWrites);
  return writes;
}

/** Tests: another queue (a fake transport, a fresh database) as the app's. */
export function setAppQueue(q: WriteQueue | null) {
  queue = q;
  writes = null;
}

/**
 * How many writes of the signed-in user wait on this device to be sent: the service-worker update prompt
 * (pwa/update.ts) asks before reloading into a new version (`setPendingWritesSource(pendingWritesCount)`). Other
 * users' waiting writes do not hold an update: they cannot be sent before their maker signs in, and the new version
 * reads them (every older schema stays declared; docs/decisions.md, "Offline write queue (issue 23)").
 */
export function pendingWritesCount(): Promise<number> {
  return appQueue().sendableCount();
}

/**
 * Calls `listener` whenever the count of waiting writes may have changed (pwa/update.ts's `pendingWritesChanged`
 * can be passed here, so the update notice recounts at once rather than on its timer).
 */
export function subscribePendingWrites(listener: () => void): () => void {
  return appQueue().subscribe(listener);
}
