import { availableDb, type AvailableDb, type StoredItem, type StoredKind } from './db';
import { saveBundle, type Bundle } from './store';

/** What the server's one call answers (tRPC `offline.inspection` / `offline.audit`), as far as the download reads it. */
export interface ServerBundle {
  name: string;
  files: { path: string }[];
  /** The editor's reads, by tRPC path and input. */
  reads: { path: string; input: unknown; data: unknown }[];
}

export interface Progress {
  done: number;
  total: number;
}

export interface DownloadDeps {
  fetchBundle(kind: StoredKind, id: string): Promise<ServerBundle>;
  /** A file's bytes; rejects on a network failure or a refusal. */
  fetchFile(path: string): Promise<Blob>;
  db?: AvailableDb;
}

/** Files fetched at once: a browser opens about six connections per host over HTTP/1.1. */
const PARALLEL = 6;

/**
 * 'Make available offline': one call for the editor's reads and the list of its files, then the files, six at a
 * time; all of it stored in one transaction at the end (saveBundle), so a failure stores nothing new.
 * `onProgress` counts the call and each file.
 */
export async function makeAvailableOffline(kind: StoredKind, id: string, deps: DownloadDeps, onProgress: (p: Progress) => void = () => undefined): Promise<StoredItem> {
  onProgress({ done: 0, total: 1 });
  const server = await deps.fetchBundle(kind, id);
  const paths = [...new Set(server.files.map((f) => f.path))];
  const total = paths.length + 1;
  let done = 1;
  onProgress({ done, total });
  const blobs = new Map<string, Blob>();
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      try {
        blobs.set(path, await deps.fetchFile(path));
      } catch (e) {
        // A file the server no longer has or does not let this user read (a photo deleted since, a document
        // withdrawn) shows nothing online either: the rest is stored. A network failure stops the download.
        if (![403, 404, 410].includes((e as { status?: number }).status ?? 0)) throw e;
      }
      onProgress({ done: ++done, total });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, paths.length) }, worker));
  const bundle: Bundle = { kind, id, name: server.name, reads: server.reads, files: paths.filter((path) => blobs.has(path)).map((path) => ({ path, blob: blobs.get(path)! })) };
  return saveBundle(deps.db ?? availableDb(), bundle);
}
