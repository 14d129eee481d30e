import { Dexie } from 'dexie';
import type { QueueDb } from './db';

/** Who is signed in: the entries they made are the ones sent (under their sign-in). */
export interface QueueUser {
  id: string;
  name: string;
}

/** Changes of another user waiting on this device until they sign in again (the header tells). */
export interface OthersWaiting {
  userId: string;
  name: string;
  count: number;
}

/** One user's waiting entries in the order made (the index of format 3). */
export const waitingOf = (db: QueueDb, userId: string) =>
  db.entries.where('[state+userId+seq]').between(['waiting', userId, Dexie.minKey], ['waiting', userId, Dexie.maxKey]);

/** Entries that name no maker (made before format 3) become `user`'s: the first to sign in claims them. */
export async function claimUnowned(db: QueueDb, user: QueueUser): Promise<void> {
  await db.entries.filter((e) => e.userId === undefined).modify({ userId: user.id, userName: user.name });
}

/** Waiting entries that `me`'s session sends (theirs and those naming no maker), and other users' by user. */
export async function countWaiting(db: QueueDb, me: QueueUser | null): Promise<{ own: number; others: OthersWaiting[] }> {
  const total = await db.entries.where('state').equals('waiting').count();
  const own = me ? await waitingOf(db, me.id).count() : 0;
  if (total === own) return { own, others: [] }; // entries are read only when someone else's (or no one's) wait
  const others = new Map<string, OthersWaiting>();
  let unowned = 0;
  await db.entries.where('state').equals('waiting').each((e) => {
    if (e.userId === me?.id) return;
    if (e.userId === undefined) return void unowned++;
    const o = others.get(e.userId) ?? { userId: e.userId, name: e.userName ?? '', count: 0 };
    o.count++;
    if (e.userName) o.name = e.userName; // the latest name they were known by
    others.set(e.userId, o);
  });
  return { own: own + unowned, others: [...others.values()] };
}
