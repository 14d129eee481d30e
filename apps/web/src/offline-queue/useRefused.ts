import { useContext, useEffect, useState } from 'react';
import type { QueueEntry } from './db';
import { QueueContext } from './useQueue';

/**
 * The refused entries of the device's queue, oldest first, read again whenever they may have changed, in this tab
 * or another (tabs.ts: every refusal and dismissal is told to all tabs; `refusedRevision` moves then). Dexie's liveQuery would do the same; it did
 * not report over fake-indexeddb in the component tests, and the queue's own change signal is already here.
 */
export function useRefusedEntries(): QueueEntry[] {
  const q = useContext(QueueContext);
  const [entries, setEntries] = useState<QueueEntry[]>([]);
  useEffect(() => {
    if (!q) return;
    let live = true;
    // Read again only when the refused entries may have changed, not on every emit (an upload's progress ticks).
    let seen = q.refusedRevision();
    const read = () => void q.refused().then((e) => live && setEntries(e), () => undefined);
    read();
    const off = q.subscribe(() => {
      if (q.refusedRevision() === seen) return;
      seen = q.refusedRevision();
      read();
    });
    return () => {
      live = false;
      off();
    };
  }, [q]);
  return entries;
}

/** Dismisses a refusal the user has read (`WriteQueue.dismiss`). */
export function useDismissRefused(): (id: string) => Promise<void> {
  const q = useContext(QueueContext);
  return async (id) => q?.dismiss(id);
}
