import { resolve } from 'node:path';
import type { StorageConfig } from './create.js';

/**
 * Storage settings from the environment, read the same way by the API and the worker process so both
 * reach the same files: S3_BUCKET (+ S3_REGION, S3_ENDPOINT, S3_FORCE_PATH_STYLE) or a local folder
 * (FILES_DIR, default <dataDir>/files).
 */
export function storageConfigFromEnv(env: NodeJS.ProcessEnv, dataDir: string): StorageConfig {
  if (env.S3_BUCKET) {
    return {
      driver: 's3',
      bucket: env.S3_BUCKET,
      region: env.S3_REGION ?? 'us-east-1',
      endpoint: env.S3_ENDPOINT || undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    };
  }
  return { driver: 'local', dir: resolve(env.FILES_DIR ?? `${dataDir}/files`) };
}
