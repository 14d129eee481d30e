import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { toReadable } from './body.js';
import { assertValidKey, assertValidPrefix } from './keys.js';
import { meter } from './limits.js';
import { DEFAULT_FILES_PATH, signPath } from './signed-path.js';
import type { Storage, StoredObject } from './types.js';

export interface LocalStorageOptions {
  dir: string;
  /** Signs the API paths that stand in for presigned URLs. */
  urlSecret: Uint8Array | string;
  /** Where the API serves verifySignedPath-checked files. */
  basePath?: string;
  /** Prefix for absolute URLs (e-mails); without it URLs are paths on the API's own origin. */
  publicUrl?: string;
}

interface Meta {
  contentType: string;
  size: number;
  sha256: string;
}

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Files under `dir/<key>`, metadata under `dir/.meta/<key>.json`, partial writes under `dir/.tmp`.
 * Keys cannot start a segment with a dot, so the two dot-folders are out of every key's reach.
 */
export function createLocalStorage(opts: LocalStorageOptions): Storage {
  const root = resolve(opts.dir);
  const tmpDir = join(root, '.tmp');
  const basePath = opts.basePath ?? DEFAULT_FILES_PATH;
  const origin = (opts.publicUrl ?? '').replace(/\/$/, '');

  const pathOf = (key: string) => {
    assertValidKey(key);
    const p = join(root, key);
    // Key validation already rules this out; checked again because this is where a mistake would leak files.
    if (!p.startsWith(root + sep)) throw new Error('storage path escaped its root');
    return p;
  };
  const metaOf = (key: string) => join(root, '.meta', `${key}.json`);
  const tmpName = () => join(tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  const expiresAt = (seconds: number) => Math.floor(Date.now() / 1000) + Math.max(1, Math.floor(seconds));

  /** Written beside the target folder and renamed into place: readers see the old file or the whole new one. */
  async function atomicWrite(target: string, write: (tmp: string) => Promise<void>) {
    await mkdir(tmpDir, { recursive: true });
    const tmp = tmpName();
    try {
      await write(tmp);
      await mkdir(dirname(target), { recursive: true });
      await rename(tmp, target);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
  }

  return {
    driver: 'local',

    async put(key, body, { contentType, maxBytes }) {
      const target = pathOf(key);
      const m = meter(maxBytes);
      await atomicWrite(target, (tmp) =>
        pipeline(toReadable(body), m.stream, createWriteStream(tmp, { flags: 'wx', flush: true })),
      );
      const result = m.result();
      const meta: Meta = { contentType, ...result };
      await atomicWrite(metaOf(key), (tmp) => writeFile(tmp, JSON.stringify(meta), { flag: 'wx', flush: true }));
      return result;
    },

    async get(key): Promise<StoredObject | null> {
      const path = pathOf(key);
      // Opened before stat so a concurrent delete cannot leave us with a stat but no stream.
      const fh = await open(path, 'r').catch((e) => (isMissing(e) ? null : Promise.reject(e)));
      if (!fh) return null;
      try {
        const s = await fh.stat();
        const meta: Partial<Meta> = await readFile(metaOf(key), 'utf8').then(JSON.parse, () => ({}));
        return {
          body: fh.createReadStream(),
          contentType: meta.contentType ?? 'application/octet-stream',
          size: s.size,
          lastModified: s.mtime,
        };
      } catch (e) {
        await fh.close();
        throw e;
      }
    },

    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(metaOf(key), { force: true });
    },

    async exists(key) {
      const s = await stat(pathOf(key)).catch((e) => (isMissing(e) ? null : Promise.reject(e)));
      return !!s?.isFile();
    },

    async *list(prefix) {
      assertValidPrefix(prefix);
      // Walked folder by folder (never one array of the whole tree); the dot-folders sit at the root, outside every prefix.
      async function* walk(folder: string, keyPrefix: string): AsyncGenerator<{ key: string; size: number }> {
        const entries = await readdir(folder, { withFileTypes: true }).catch((e) => (isMissing(e) ? [] : Promise.reject(e)));
        for (const e of entries) {
          if (e.isDirectory()) yield* walk(join(folder, e.name), `${keyPrefix}${e.name}/`);
          else if (e.isFile()) {
            const s = await stat(join(folder, e.name)).catch(() => null);
            if (s) yield { key: `${keyPrefix}${e.name}`, size: s.size };
          }
        }
      }
      yield* walk(join(root, prefix), prefix);
    },

    async signedDownloadUrl(key, { expiresInSeconds, fileName }) {
      assertValidKey(key);
      return origin + signPath(opts.urlSecret, { method: 'GET', key, expires: expiresAt(expiresInSeconds), fileName }, basePath);
    },

    async signedUploadUrl(key, { contentType, expiresInSeconds }) {
      assertValidKey(key);
      const grant = { method: 'PUT' as const, key, expires: expiresAt(expiresInSeconds), contentType };
      return { url: origin + signPath(opts.urlSecret, grant, basePath), method: 'PUT', headers: { 'Content-Type': contentType } };
    },
  };
}
