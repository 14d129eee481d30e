import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ItemStatus, OthersWaiting, WriteQueue } from './queue';

/** The queue whose state the screens show; null where writes are not queued (tests with fake writes). */
export const QueueContext = createContext<WriteQueue | null>(null);

const noop = () => () => undefined;

/** The status of one item on screen (a point, a text field), or undefined when nothing of it was queued. */
export function useItemStatus(item: string): ItemStatus | undefined {
  const q = useContext(QueueContext);
  return useSyncExternalStore(q ? q.subscribe : noop, () => q?.itemStatus(item));
}

/** How many writes wait to be sent (refused ones do not wait). */
export function useWaitingCount(): number {
  const q = useContext(QueueContext);
  return useSyncExternalStore(q ? q.subscribe : noop, () => q?.waiting() ?? 0);
}

const NONE: OthersWaiting[] = [];

/** Other users' changes waiting on this device until they sign in again, by user. */
export function useOthersWaiting(): OthersWaiting[] {
  const q = useContext(QueueContext);
  return useSyncExternalStore(q ? q.subscribe : noop, () => q?.othersWaiting() ?? NONE);
}

/** Whether to tell the user that the browser may clear what waits (persistent storage was refused). */
export function useStorageWarning(): { show: boolean; dismiss(): void } {
  const q = useContext(QueueContext);
  const show = useSyncExternalStore(q ? q.subscribe : noop, () => q?.storageMayBeCleared() ?? false);
  return { show, dismiss: () => q?.dismissStorageWarning() };
}
