import { z } from 'zod';
import { InspectionStatuses } from './domain-enums.js';
import type { TInspectionCan } from './inspection-can.js';

// Who may do what with one inspection: the rules are in inspection-can.ts, without zod (the web app's first load
// needs them, issue 23); this module adds the schema of `can` in the answers and re-exports them.
export * from './inspection-can.js';

export const ZInspectionCan = z.object({
  /** Update, results and finish would be accepted. */
  edit: z.boolean(),
  /** Why not, when `edit` is false (the server's message). */
  editRefusal: z.string().nullable(),
  /** Statuses offered by the status change (000 §2.3: none on a Finished report), in the order offered. */
  statusTo: z.array(z.enum(InspectionStatuses)),
  /** An Admin's reopen of a Finished inspection (to REOPEN_STATUS). */
  reopen: z.boolean(),
  delete: z.boolean(),
  /** The starter's own In use start without any result: the edit form offers to discard it when left (Keep / Discard). */
  discard: z.boolean(),
  rate: z.boolean(),
  download: z.boolean(),
}) satisfies z.ZodType<TInspectionCan>;
