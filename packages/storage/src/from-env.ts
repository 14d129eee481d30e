import { resolve } from 'node:path';
import type { StorageConfig } from './create.js';

/**
 * Storage settings from the environment, read the same way by the API and the worker process so both
 * reach the same files: S3_BUCKET (+ S3_REGION, S3_ENDPOINT, S3_PUBLIC_ENDPOINT, S3_FORCE_PATH_STYLE) or a local
 * folder (FILES_DIR, default <dataDir>/files). S3 credentials are not read here: the AWS SDK's default chain finds
 * AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or an instance role, a profile, ...).
 */
export function storageConfigFromEnv(env: NodeJS.ProcessEnv, dataDir: string): StorageConfig {
  if (env.S3_BUCKET) {
    return {
      driver: 's3',
      bucket: env.S3_BUCKET,
      region: env.S3_REGION ?? 'us-east-1',
      endpoint: env.S3_ENDPOINT || undefined,
      publicEndpoint: env.S3_PUBLIC_ENDPOINT || undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    };
  }
  return { driver: 'local', dir: resolve(env.FILES_DIR ?? `${dataDir}/files`) };
}
