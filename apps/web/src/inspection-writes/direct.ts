import type { TInspectionEdit } from '@insp/contracts';
import { trpcClient } from '../providers/trpc';
import type { InspectionWrites } from './types';
import { uploadPhotoRequest } from './uploadPhoto';

/**
 * The writes sent at once, as they are made: tRPC `inspectionEdit.*` (the same services as the REST calls of
 * 000 §7) and the REST image upload (tRPC carries no files). No queue, no retry: a failure reaches the screen.
 */
export const directWrites: InspectionWrites = {
  uploadPhoto: uploadPhotoRequest,
  saveResults: (id, data) => trpcClient.inspectionEdit.saveResults.mutate({ id, data }),
  saveInspection: (id, lang, data) => trpcClient.inspectionEdit.update.mutate({ id, lang, data }) as Promise<TInspectionEdit>,
  finish: (id) => trpcClient.inspectionEdit.finish.mutate({ id }),
  createInspection: (data) => trpcClient.inspectionEdit.create.mutate(data) as Promise<TInspectionEdit>,
};
