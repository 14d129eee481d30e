/** Persistent storage for the queue's database, and the once-per-device warning when the browser refuses it. */
const WARNED = 'insp-offline-queue-storage-warned';
export function safeLocal(op: 'get' | 'set'): boolean {
  try {
    if (op === 'set') localStorage.setItem(WARNED, '1');
    return localStorage.getItem(WARNED) === '1';
  } catch {
    return false;
  }
}

export async function defaultPersist(): Promise<boolean> {
  const s = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!s?.persist) return true; // nothing to ask (no Storage API): nothing to tell
  if (await s.persisted?.()) return true;
  return s.persist();
}
