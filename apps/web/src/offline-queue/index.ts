/**
 * The offline write queue (issue 23): writes kept in IndexedDB and sent in order with idempotency keys.
 * docs/decisions.md, "Offline write queue (issue 23)".
 */
import { appQueue } from './instance';

export { WriteQueue, RefusedError, KeptForLaterError, type ItemStatus, type Transport } from './queue';
export { queuedWrites } from './writes';
export { appQueue, appQueuedWrites, setAppQueue } from './instance';
export { QueueContext, useItemStatus, useWaitingCount, useOthersWaiting, useStorageWarning } from './useQueue';
export { WriteStatus, statusText } from './WriteStatus';
export { WaitingBadge } from './WaitingBadge';
export { RefusedWrites, REFUSED_TEXT, describeEntry } from './RefusedWrites';
export { OfflineWritesProvider } from './OfflineWritesProvider';
export { QUEUE_TEXT } from './texts';
export { auditItem, inspectionItem } from './items';
export { FORMAT_VERSION } from './db';

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
