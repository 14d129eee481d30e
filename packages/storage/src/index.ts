export * from './types.js';
export { newStorageKey, assertValidKey, isValidKey } from './keys.js';
export { detectContentType, SNIFF_BYTES } from './content-type.js';
export { SIZE_LIMITS, assertWithinSize, measureBytes, meter, peekStream } from './limits.js';
export { signPath, verifySignedPath, DEFAULT_FILES_PATH, type PathGrant, type VerifyResult } from './signed-path.js';
export { contentDisposition } from './disposition.js';
export { createLocalStorage, type LocalStorageOptions } from './local.js';
export { createS3Storage, createS3Client, type S3StorageOptions } from './s3.js';
export { createStorage, type StorageConfig, type StorageDeps } from './create.js';
