import type { FileStore } from '@tus/file-store';
import { AppError } from '../../context.js';
import { storedMetadata } from './resumable.service.js';

/** Unfinished resumable uploads one user may have at a time (each up to 20 MB on the API's disk for a day). */
export const MAX_OPEN_UPLOADS = 50;
/** An upload counted at creation has no files until tus made them: not taken for gone before this. */
const CREATING_MS = 60_000;

export const tooManyOpenUploads = () =>
  new AppError(
    'TOO_MANY_REQUESTS',
    `Too many unfinished uploads: at most ${MAX_OPEN_UPLOADS} at a time. Let the ones under way finish (or cancel them), then try again.`,
  );

/**
 * Who has how many unfinished uploads (issue 23, review): an index by owner, read from the store's metadata once
 * (after a restart the uploads on disk count) and kept up by creation, finish and cancel. An upload whose parts
 * are gone otherwise (the hourly clean-up of expired ones) is dropped when its owner's count is next checked.
 */
export function openUploadIndex(datastore: FileStore, now: () => number = Date.now) {
  let loaded: Promise<Map<string, Map<string, number>>> | null = null;
  const exists = (id: string) => datastore.getUpload(id).then(() => true, () => false);

  async function load() {
    const index = new Map<string, Map<string, number>>();
    // No directory yet (tus makes it in the background at start): nothing on disk.
    const ids = await Promise.resolve(datastore.configstore.list?.() ?? []).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    for (const id of ids) {
      const upload = await datastore.getUpload(id).catch(() => null);
      const owner = upload && storedMetadata(upload)?.owner;
      if (owner) ownerMap(index, owner).set(id, 0);
    }
    return index;
  }
  const index = () => (loaded ??= load().catch((err) => {
    loaded = null; // read again on the next creation
    throw err;
  }));

  return {
    /** Counts `owner`'s open uploads and takes one more for `id`; 429 when the cap is reached. */
    async take(owner: string, id: string): Promise<void> {
      const mine = ownerMap(await index(), owner);
      for (const [open, since] of [...mine]) {
        if (now() - since >= CREATING_MS && !(await exists(open))) mine.delete(open);
      }
      // Counted and taken without an await between: two creations at once cannot both take the last place.
      if (mine.size >= MAX_OPEN_UPLOADS) throw tooManyOpenUploads();
      mine.set(id, now());
    },
    /** The upload is finished or cancelled: it no longer counts. */
    async release(id: string): Promise<void> {
      if (!loaded) return;
      for (const mine of (await loaded.catch(() => new Map<string, Map<string, number>>())).values()) mine.delete(id);
    },
  };
}

function ownerMap(index: Map<string, Map<string, number>>, owner: string) {
  let mine = index.get(owner);
  if (!mine) index.set(owner, (mine = new Map()));
  return mine;
}
