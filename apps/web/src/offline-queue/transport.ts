import { TRPCClientError } from '@trpc/client';
import { resumableUpload, UploadError } from '../inspection-writes';
import { shownMessage } from '../lib/errors';
import { trpcClient } from '../providers/trpc';
import type { Transport } from './queue';

/**
 * The app's way to send a queued entry: the tRPC procedure by its path (the same procedures `directWrites`
 * calls), and photos, signatures and voice comments as resumable uploads (tus) keyed by the entry's id, going on
 * from where the entry's last try got to.
 */
export const appTransport: Transport = {
  mutate(procedure, input) {
    let target: unknown = trpcClient;
    for (const part of procedure.split('.')) target = (target as Record<string, unknown>)[part];
    return (target as { mutate(i: unknown): Promise<unknown> }).mutate(input);
  },
  upload: (file, fileName, idempotencyKey, onProgress, resume) =>
    resumableUpload(file, fileName, { kind: resume?.kind ?? 'image', idempotencyKey, onProgress, uploadUrl: resume?.uploadUrl ?? null, onUploadUrl: resume?.onUploadUrl }),
  statusOf(e) {
    if (e instanceof UploadError) return e.status;
    if (e instanceof TRPCClientError) return (e.data as { httpStatus?: number } | undefined)?.httpStatus ?? null;
    return null;
  },
  messageOf: (e) => (e instanceof UploadError ? e.message : shownMessage(e)),
};
