import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';
import type { Storage } from './types.js';

/** The shape of AppConfig['storage'] in services/api/src/config.ts. */
export type StorageConfig =
  | { driver: 'local'; dir: string }
  | { driver: 's3'; bucket: string; region: string; endpoint?: string; publicEndpoint?: string; forcePathStyle: boolean };

export interface StorageDeps {
  /** Signs local download/upload paths; the API may pass its token secret (a sub-key is derived). */
  urlSecret: Uint8Array | string;
  /** Makes local signed URLs absolute, for links that leave the browser (e-mails). */
  publicUrl?: string;
  basePath?: string;
}

export function createStorage(config: StorageConfig, deps: StorageDeps): Storage {
  if (config.driver === 's3') return createS3Storage(config);
  return createLocalStorage({ dir: config.dir, ...deps });
}
