import { useEffect, type ReactNode } from 'react';
import { InspectionWritesProvider } from '../inspection-writes';
import { useSession } from '../providers/session';
import { appQueue, appQueuedWrites } from './instance';
import { rememberSignedIn } from './signedIn';
import { QueueContext } from './useQueue';

/**
 * Puts the offline queue under the signed-in app: screens write through it and show its statuses, the header
 * its count. A browser without IndexedDB (rare: some private modes) keeps the direct writes and shows nothing.
 * It tells the queue who is signed in: their writes are stamped with them and only theirs are sent.
 */
export function OfflineWritesProvider({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const queued = typeof indexedDB !== 'undefined';
  const userId = session.user.id;
  const name = session.user.name || session.user.email;
  // Recorded before the screens below render, so their first write is already stamped with this user.
  if (queued) rememberSignedIn({ id: userId, name });
  useEffect(() => {
    if (queued) void appQueue().userChanged().catch(() => undefined);
  }, [queued, userId, name]);
  if (!queued) return <>{children}</>;
  return (
    <QueueContext.Provider value={appQueue()}>
      <InspectionWritesProvider writes={appQueuedWrites()}>{children}</InspectionWritesProvider>
    </QueueContext.Provider>
  );
}
