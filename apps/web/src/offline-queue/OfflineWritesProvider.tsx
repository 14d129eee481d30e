import type { ReactNode } from 'react';
import { InspectionWritesProvider } from '../inspection-writes';
import { appQueue, appQueuedWrites } from './instance';
import { QueueContext } from './useQueue';

/**
 * Puts the offline queue under the signed-in app: screens write through it and show its statuses, the header
 * its count. A browser without IndexedDB (rare: some private modes) keeps the direct writes and shows nothing.
 */
export function OfflineWritesProvider({ children }: { children: ReactNode }) {
  if (typeof indexedDB === 'undefined') return <>{children}</>;
  return (
    <QueueContext.Provider value={appQueue()}>
      <InspectionWritesProvider writes={appQueuedWrites()}>{children}</InspectionWritesProvider>
    </QueueContext.Provider>
  );
}
