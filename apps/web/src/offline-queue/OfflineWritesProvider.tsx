import { useEffect, useState, type ReactNode } from 'react';
import { InspectionWritesProvider, type InspectionWrites } from '../inspection-writes';
import { useSession } from '../providers/session';
import type { WriteQueue } from './queue';
import { loadedQueue, loadQueue } from './load';
import { rememberSignedIn } from './signedIn';
import { QueueContext } from './useQueue';

type QueueModule = Awaited<ReturnType<typeof loadQueue>>;

// Every write of InspectionWrites but forItem: the compiler names one added to the interface and missing here.
const METHODS: Record<Exclude<keyof InspectionWrites, 'forItem'>, true> = {
  uploadPhoto: true, uploadVoiceComment: true, saveResults: true, saveInspection: true, finish: true, createInspection: true,
  discardInspection: true, setAuditText: true, setAuditInspector: true, setAuditDetails: true, addRunExtraPoint: true,
  setRunConfigurator: true, addSuggestion: true, editSuggestion: true, deleteSuggestion: true, dismissProposal: true,
  addRun: true, deleteRun: true, changeRunEquipment: true, setRunIncluded: true, changeRunProtocol: true,
  createAuditResult: true, updateAuditResult: true,
};

/**
 * The app's queued writes before their code has arrived: each write waits for the queue's chunk, then is the
 * queue's (in the order made; once loaded, at once). So no write made in the first moments bypasses the queue
 * and overtakes what already waits on the device.
 */
function deferredWrites(item: string | null): InspectionWrites {
  const target = (m: QueueModule) => (item === null ? m.appQueuedWrites() : m.appQueuedWrites().forItem!(item));
  const writes = Object.fromEntries(
    Object.keys(METHODS).map((name) => {
      const call = (m: QueueModule, args: unknown[]) => (target(m)[name as keyof typeof METHODS] as (...a: unknown[]) => Promise<unknown>)(...args);
      return [name, (...args: unknown[]) => (loadedQueue() ? call(loadedQueue()!, args) : loadQueue().then((m) => call(m, args)))];
    }),
  ) as unknown as InspectionWrites;
  return { ...writes, forItem: (next) => deferredWrites(next) };
}
const appWrites = deferredWrites(null);

/**
 * Puts the offline queue under the signed-in app: screens write through it and show its statuses, the header
 * its count. A browser without IndexedDB (rare: some private modes) keeps the direct writes and shows nothing.
 * It tells the queue who is signed in: their writes are stamped with them and only theirs are sent.
 * Issue 23: the queue's code is not part of a screen's first load; it is fetched right after (the header's count and
 * the items' statuses show once it has read the device's database, as they did once it had opened it), and it then
 * sends what waits, on any screen.
 */
export function OfflineWritesProvider({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const [queue, setQueue] = useState<WriteQueue | null>(() => loadedQueue()?.appQueue() ?? null);
  const available = typeof indexedDB !== 'undefined';
  const userId = session.user.id;
  const name = session.user.name || session.user.email;
  // Recorded before the screens below render, so their first write is already stamped with this user.
  if (available) rememberSignedIn({ id: userId, name });
  useEffect(() => {
    if (!available || queue) return;
    let live = true;
    loadQueue().then(
      (m) => live && setQueue(m.appQueue()),
      (e: unknown) => console.error('offline queue', e),
    );
    return () => {
      live = false;
    };
  }, [available, queue]);
  useEffect(() => {
    if (queue) void queue.userChanged().catch(() => undefined);
  }, [queue, userId, name]);
  if (!available) return <>{children}</>;
  return (
    <QueueContext.Provider value={queue}>
      <InspectionWritesProvider writes={appWrites}>{children}</InspectionWritesProvider>
    </QueueContext.Provider>
  );
}
