import { lazyChunk } from '../lib/lazyChunk';

/**
 * The queue's code (Dexie included, about 36 kB gzip) as a chunk of its own, fetched after the first screen (issue 23):
 * by the signed-in app (OfflineWritesProvider) and by the update rule when a new version waits (main.tsx). Import
 * this module, never the folder's index, for that: the index re-exports the whole queue.
 */
const queue = lazyChunk(() => import('./instance'));

/** Fetches the queue's code once (a failed fetch is tried again by the next call). */
export const loadQueue = queue.load;

/** The queue's code if it has arrived. */
export const loadedQueue = queue.loaded;
