import { appQueue } from '../offline-queue';

/**
 * Writes of one inspection or audit ('inspection:<id>') still waiting in the offline write queue: its own scope,
 * and uploads whose item on screen is of it (a photo of a point). Read from the queue's database, never changed.
 */
export async function waitingWritesOf(key: string): Promise<number> {
  const q = appQueue();
  return q.db.entries.filter((e) => e.state === 'waiting' && (e.scope === key || (e.item ?? '').startsWith(`${key}:`))).count();
}
