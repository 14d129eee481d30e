/**
 * The offline write queue (issue 23): writes kept in IndexedDB and sent in order with idempotency keys.
 * docs/decisions.md, "Offline write queue (issue 23)".
 */
export { WriteQueue, RefusedError, KeptForLaterError, type ItemStatus, type Transport } from './queue';
export { queuedWrites } from './writes';
export { appQueue, appQueuedWrites, setAppQueue, pendingWritesCount, subscribePendingWrites } from './instance';
export { QueueContext, useItemStatus, useWaitingCount, useOthersWaiting, useStorageWarning } from './useQueue';
export { WriteStatus, statusText } from './WriteStatus';
export { WaitingBadge } from './WaitingBadge';
export { StorageWarning } from './StorageWarning';
export { RefusedWrites, REFUSED_TEXT, describeEntry } from './RefusedWrites';
export { OfflineWritesProvider } from './OfflineWritesProvider';
export { QUEUE_TEXT } from './texts';
export { auditItem, inspectionItem } from './items';
export { FORMAT_VERSION } from './db';
