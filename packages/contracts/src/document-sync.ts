import { z } from 'zod';
import { ZId } from './common.js';

/**
 * Document sync (issue 21): what a field client downloads to know which documents of a package it must hold.
 * GET api/v1/documentlibrary/documentpackage/{id}/manifest. The files themselves come from the document library's
 * download calls by `documentId`; no URLs here, so the answer (and its ETag) stays the same while the content does.
 */
export const ZManifestDocument = z.object({
  documentId: ZId,
  name: z.string(),
  fileName: z.string(),
  version: z.number().int(),
  fileSize: z.number().int(),
  sha256: z.string().nullable().meta({ description: 'SHA-256 of the current version, hex; null for a file stored before hashes were kept' }),
  contentType: z.string(),
});
export type TManifestDocument = z.infer<typeof ZManifestDocument>;

export const ZDocumentPackageManifest = z.object({
  documentPackageId: ZId,
  name: z.string(),
  type: z.enum(['Auto', 'Proposed', 'Manual']),
  version: z.string().meta({
    description: 'A hash of the documents below: it changes when and only when they do. Also the ETag; send it as If-None-Match to get 304 while unchanged',
  }),
  changedAt: z.number().nullable().meta({
    description: 'When the document sync first saw this version (Automatic packages), epoch milliseconds; null before it has',
  }),
  documents: z.array(ZManifestDocument),
});
export type TDocumentPackageManifest = z.infer<typeof ZDocumentPackageManifest>;
