import { forgetAllSaved } from '../edit-conflicts/savedVersions';

/**
 * Signing out forgets what this user kept for reading offline (stored inspections, audits and their files) and the
 * versions their saves got back: on a shared tablet the next person must not see them, nor open them offline
 * (the device reads do not know who is signed in). Loaded only when signing out.
 */
export async function forgetStoredData(): Promise<void> {
  forgetAllSaved();
  const { availableDb } = await import('./db');
  const db = availableDb();
  await db.transaction('rw', db.tables, () => Promise.all(db.tables.map((t) => t.clear())));
}
