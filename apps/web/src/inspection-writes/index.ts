/**
 * The client-side write module: every write of the in-browser inspection (photos, results, the whole inspection,
 * finishing, starting one) goes through `useInspectionWrites()`. See types.ts and docs/decisions.md,
 * "Client writes (issue 7)".
 */
export type { AuditWrites, InspectionWrites, UploadOptions, TResultsInputIn, TResultsSaved, TInspectionFinished, TInspectionCreateIn } from './types';
export { directWrites } from './direct';
export { InspectionWritesProvider, useInspectionWrites, useItemWrites } from './context';
export { UploadError, uploadPhotoRequest, uploadVoiceCommentRequest } from './uploadPhoto';
export { resumableUpload, type UploadKind } from './resumableUpload';
