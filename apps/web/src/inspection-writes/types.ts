import type { z } from 'zod';
import type {
  TInspectionEdit,
  TInspectionUpdateInput,
  TUploadedFile,
  ZInspectionCreate,
  ZInspectionFinished,
  ZResultsInput,
  ZResultsSaved,
} from '@insp/contracts';

export type TInspectionCreateIn = z.input<typeof ZInspectionCreate>;
export type TResultsInputIn = z.input<typeof ZResultsInput>;
export type TResultsSaved = z.infer<typeof ZResultsSaved>;
export type TInspectionFinished = z.infer<typeof ZInspectionFinished>;

export interface UploadOptions {
  /** Called with the share of the file's bytes sent so far, 0 to 1. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
}

/**
 * Every write the in-browser inspection makes (docs/decisions.md, "Client writes (issue 7)"). Screens take it
 * from `useInspectionWrites()` and never call the API's write endpoints themselves, so that a later issue can
 * put an offline queue behind this interface (writes kept on the device, sent when the network is back)
 * without touching a screen. The one implementation today, `directWrites`, calls the API at once.
 *
 * A queueing implementation must keep the answers' meaning: `uploadPhoto` resolves with an image id that later
 * saves may name, and the saves resolve with what the server answers (or a local equivalent of it).
 */
export interface InspectionWrites {
  /** POST api/v1/images: one photo or signature (jpeg or png), 201 with its id. */
  uploadPhoto(file: Blob, fileName: string, options?: UploadOptions): Promise<TUploadedFile>;
  /** PUT api/v1/inspections/{id}/results: some results, without finishing (autosave). */
  saveResults(inspectionId: string, data: TResultsInputIn): Promise<TResultsSaved>;
  /** PUT api/v1/inspections/update?lang=&id=: the whole edited inspection (the server sets finished, 000 §4). */
  saveInspection(inspectionId: string, lang: string, data: TInspectionUpdateInput): Promise<TInspectionEdit>;
  /** PUT api/v1/inspections/{id}/finish. */
  finish(inspectionId: string): Promise<TInspectionFinished>;
  /** POST api/v1/inspections: starts an inspection; answers its edit data. */
  createInspection(data: TInspectionCreateIn): Promise<TInspectionEdit>;
}
