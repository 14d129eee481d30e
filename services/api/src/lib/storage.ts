import { createStorage, type Storage } from '@insp/storage';
import type { AppConfig } from '../config.js';

const byConfig = new WeakMap<AppConfig['storage'], Storage>();

/**
 * The file storage of the app's configuration (customer imports, images, report PDFs), built from the same
 * config the composition root uses, once per config object (the S3 client keeps its connections).
 */
export function storageOf(config: AppConfig): Storage {
  let storage = byConfig.get(config.storage);
  if (!storage) {
    storage = createStorage(config.storage, { urlSecret: config.tokenSecret, publicUrl: config.publicUrl });
    byConfig.set(config.storage, storage);
  }
  return storage;
}
