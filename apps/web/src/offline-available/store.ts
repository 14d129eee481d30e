import type { AvailableDb, StoredFile, StoredItem } from './db';
import { itemKey, readKey, type StoredKind } from './keys';

/** What a download brings: the item's reads (tRPC path and input) and its files' bytes. */
export interface Bundle {
  kind: StoredKind;
  id: string;
  name: string;
  reads: { path: string; input: unknown; data: unknown }[];
  files: { path: string; blob: Blob }[];
}

const listeners = new Set<() => void>();
/** Calls `listener` after every change this page makes to the store (the list and the editors' notes re-read). */
export function subscribeStore(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => listeners.forEach((l) => l());

const jsonBytes = (v: unknown) => new Blob([JSON.stringify(v ?? null)]).size;

/**
 * Stores a whole download in one transaction: the item's earlier copy is replaced at once, so a download that
 * fails halfway leaves the earlier copy (or nothing), never half of one.
 */
export async function saveBundle(db: AvailableDb, b: Bundle, now = Date.now()): Promise<StoredItem> {
  const key = itemKey(b.kind, b.id);
  const reads = b.reads.map((r) => ({ key: readKey(r.path, r.input), item: key, data: r.data, bytes: jsonBytes(r.data) }));
  const files: StoredFile[] = b.files.map((f) => ({ item: key, path: f.path, blob: f.blob }));
  const bytes = reads.reduce((n, r) => n + r.bytes, 0) + files.reduce((n, f) => n + f.blob.size, 0);
  const item: StoredItem = { key, kind: b.kind, id: b.id, name: b.name, storedAt: now, bytes, files: files.length };
  await db.transaction('rw', db.items, db.reads, db.files, async () => {
    await db.reads.where('item').equals(key).delete();
    await db.files.where('item').equals(key).delete();
    await db.reads.bulkPut(reads);
    await db.files.bulkPut(files);
    await db.items.put(item);
  });
  changed();
  return item;
}

/** A stored read, or undefined. */
export async function storedRead(db: AvailableDb, key: string): Promise<unknown> {
  return (await db.reads.get(key))?.data;
}

/**
 * Replaces a stored read with what the server answered now (online reads keep the copy fresh); nothing when the
 * read is not stored (only what was made available offline is kept). The item's size and time follow.
 */
export async function refreshRead(db: AvailableDb, key: string, data: unknown, now = Date.now()): Promise<boolean> {
  const done = await db.transaction('rw', db.items, db.reads, async () => {
    const old = await db.reads.get(key);
    if (!old) return false;
    const bytes = jsonBytes(data);
    await db.reads.put({ ...old, data, bytes });
    const item = await db.items.get(old.item);
    if (item) await db.items.put({ ...item, bytes: item.bytes - old.bytes + bytes, storedAt: now });
    return true;
  });
  if (done) changed();
  return done;
}

/** A stored file's bytes by the path the app fetches it from, or undefined. */
export async function storedFile(db: AvailableDb, path: string): Promise<Blob | undefined> {
  return (await db.files.where('path').equals(path).first())?.blob;
}

/** Everything on the device, newest first. */
export async function listItems(db: AvailableDb): Promise<StoredItem[]> {
  return (await db.items.orderBy('storedAt').reverse().toArray());
}

export async function getItem(db: AvailableDb, key: string): Promise<StoredItem | undefined> {
  return db.items.get(key);
}

/** Removes an item with its reads and files (never the write queue's entries: those live in another database). */
export async function removeItem(db: AvailableDb, key: string): Promise<void> {
  await db.transaction('rw', db.items, db.reads, db.files, async () => {
    await db.reads.where('item').equals(key).delete();
    await db.files.where('item').equals(key).delete();
    await db.items.delete(key);
  });
  changed();
}
