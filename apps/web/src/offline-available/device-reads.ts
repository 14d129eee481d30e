import { availableDb } from './db';
import { refreshRead, storedRead } from './store';

/** The link's view of the app's store, loaded when an editor's read first needs it (keeps Dexie out of the first load). */
export const deviceReads = {
  read: (key: string) => storedRead(availableDb(), key),
  refresh: (key: string, data: unknown) => refreshRead(availableDb(), key, data),
};
export type DeviceReads = typeof deviceReads;
