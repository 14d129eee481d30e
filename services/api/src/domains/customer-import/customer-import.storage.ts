import { createStorage, type Storage } from '@insp/storage';
import type { AppConfig } from '../../config.js';

const byConfig = new WeakMap<AppConfig['storage'], Storage>();

/**
 * The file storage of the app's configuration. The API's service context has no storage of its own
 * yet, so the import builds it from the same config the composition root uses (one per config object:
 * the S3 client keeps its connections).
 */
export function storageOf(config: AppConfig): Storage {
  let storage = byConfig.get(config.storage);
  if (!storage) {
    storage = createStorage(config.storage, { urlSecret: config.tokenSecret, publicUrl: config.publicUrl });
    byConfig.set(config.storage, storage);
  }
  return storage;
}
