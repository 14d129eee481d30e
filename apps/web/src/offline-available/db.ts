import { Dexie, type DexieOptions, type Table } from 'dexie';
import type { StoredKind } from './keys';

export { itemKey, readKey, type StoredKind } from './keys';

/**
 * What 'Make available offline' keeps on the device (issue 23; docs/decisions.md, "Available offline"): one row per
 * inspection or audit, the editors' reads as the server answered them, and the files they fetch. A database of its
 * own, not a table of the write queue's: the two are versioned, cleared and reasoned about apart.
 */
export const DB_NAME = 'insp-offline-available';


/** An inspection or audit on this device; `key` is 'inspection:<id>' or 'audit:<id>' (the write queue's scope). */
export interface StoredItem {
  key: string;
  kind: StoredKind;
  id: string;
  name: string;
  /** When it was downloaded or last refreshed from the server (ms since epoch). */
  storedAt: number;
  /** Bytes of its reads (JSON) and files (blobs), counted when stored. */
  bytes: number;
  files: number;
}

/** One read as the server answered it; `key` is the tRPC path and input (readKey). */
export interface StoredRead {
  key: string;
  item: string;
  data: unknown;
  bytes: number;
}

/** One file's bytes, by the path the app fetches it from. The same file may be stored for two items. */
export interface StoredFile {
  item: string;
  path: string;
  blob: Blob;
}

export class AvailableDb extends Dexie {
  items!: Table<StoredItem, string>;
  reads!: Table<StoredRead, string>;
  files!: Table<StoredFile, [string, string]>;

  /** `options`: another IndexedDB (tests give fake-indexeddb's). */
  constructor(name = DB_NAME, options?: DexieOptions) {
    super(name, options);
    // A later change adds version 2 with an upgrade function and keeps this declaration (as the write queue does).
    this.version(1).stores({ items: '&key, storedAt', reads: '&key, item', files: '[item+path], item, path' });
  }
}

let appDb: AvailableDb | null = null;

/** The page's database (opened on first use). */
export function availableDb(): AvailableDb {
  appDb ??= new AvailableDb();
  return appDb;
}

/** Tests: another database as the app's. */
export function setAvailableDb(db: AvailableDb | null) {
  appDb = db;
}
