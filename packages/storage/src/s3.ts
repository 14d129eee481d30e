import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type PutObjectCommandInput,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition } from './disposition.js';
import { assertValidKey, assertValidPrefix } from './keys.js';
import { measureBytes, meter } from './limits.js';
import type { Storage, StoredObject } from './types.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For MinIO, Ceph, R2 and other S3-compatible services. */
  endpoint?: string;
  /**
   * Where browsers reach the same service, when it differs from `endpoint` (in compose the processes call
   * http://minio:9000, a browser http://localhost:9000). Presigned URLs are signed for this host: SigV4 signs the Host.
   */
  publicEndpoint?: string;
  forcePathStyle: boolean;
  /** Without them the SDK's default chain applies (AWS_ACCESS_KEY_ID, instance role, ...). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/** SigV4 presigned URLs are valid for at most seven days. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;
const presignSeconds = (s: number) => Math.min(MAX_PRESIGN_SECONDS, Math.max(1, Math.floor(s)));

const isNotFound = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.$metadata?.httpStatusCode === 404;
};

export function createS3Client(opts: S3StorageOptions): S3Client {
  return new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials: opts.credentials,
    // Newer SDKs add CRC32 checksums by default; several S3-compatible servers reject them, and in a
    // presigned PUT the checksum of an empty body would be signed, so every browser upload would fail.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function createS3Storage(opts: S3StorageOptions, client = createS3Client(opts)): Storage {
  const Bucket = opts.bucket;
  // Presigning is local computation: a second client only to sign for the public host, never to send.
  const signer = opts.publicEndpoint && opts.publicEndpoint !== opts.endpoint ? createS3Client({ ...opts, endpoint: opts.publicEndpoint }) : client;

  async function send(input: PutObjectCommandInput) {
    await client.send(new PutObjectCommand(input));
  }

  return {
    driver: 's3',

    async put(key, body, { contentType, maxBytes }) {
      assertValidKey(key);
      if (body instanceof Uint8Array) {
        const result = measureBytes(body, maxBytes);
        await send({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: result.size });
        return result;
      }
      // PutObject needs the length up front; spooling to disk keeps memory flat for large uploads
      // and lets the size limit and hash finish before anything reaches the bucket.
      const m = meter(maxBytes);
      const dir = await mkdtemp(join(tmpdir(), 'insp-s3-'));
      try {
        const file = join(dir, 'body');
        await pipeline(body as Readable, m.stream, createWriteStream(file));
        const result = m.result();
        await send({ Bucket, Key: key, Body: createReadStream(file), ContentType: contentType, ContentLength: result.size });
        return result;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    async get(key): Promise<StoredObject | null> {
      assertValidKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return {
          body: res.Body as Readable,
          contentType: res.ContentType ?? 'application/octet-stream',
          size: res.ContentLength ?? 0,
          lastModified: res.LastModified,
        };
      } catch (e) {
        if (isNotFound(e)) return null;
        throw e;
      }
    },

    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async exists(key) {
      assertValidKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (e) {
        if (isNotFound(e)) return false;
        throw e;
      }
    },

    async *list(prefix) {
      assertValidPrefix(prefix);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0 };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async signedDownloadUrl(key, { expiresInSeconds, fileName }) {
      assertValidKey(key);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: fileName ? contentDisposition(fileName) : undefined,
      });
      return getSignedUrl(signer, command, { expiresIn: presignSeconds(expiresInSeconds) });
    },

    async signedUploadUrl(key, { contentType, expiresInSeconds }) {
      assertValidKey(key);
      const command = new PutObjectCommand({ Bucket, Key: key, ContentType: contentType });
      // Content-Type is signed so the stored object carries the type the API agreed to.
      const url = await getSignedUrl(signer, command, {
        expiresIn: presignSeconds(expiresInSeconds),
        signableHeaders: new Set(['content-type']),
      });
      return { url, method: 'PUT', headers: { 'Content-Type': contentType } };
    },
  };
}
