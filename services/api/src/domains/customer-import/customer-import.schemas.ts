import { z } from 'zod';
import { ZListQuery, zText } from '@insp/contracts';

/**
 * Shapes of the customer import. They live with the domain (not in @insp/contracts) because only this
 * domain's REST routes and tRPC procedures use them; the web app gets the types through AppRouter.
 */
export const ZImportStatus = z.enum(['queued', 'running', 'done', 'failed']);

export const ZImportUploadQuery = z.object({
  fileName: zText({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
});

export const ZImportRowError = z.object({
  rowNumber: z.number().int(),
  /** The column heading as in the template, or null for a problem of the row as a whole. */
  field: z.string().nullable(),
  message: z.string(),
});

export const ZCustomerImport = z.object({
  id: z.uuid(),
  fileName: z.string(),
  status: ZImportStatus,
  /** Known once the job has read the file; null while queued. */
  totalRows: z.number().int().nullable(),
  processedRows: z.number().int(),
  customersCreated: z.number().int(),
  customersUpdated: z.number().int(),
  sitesCreated: z.number().int(),
  sitesUpdated: z.number().int(),
  equipmentCreated: z.number().int(),
  equipmentUpdated: z.number().int(),
  /** Rows skipped because of errors (a row may have several error messages). */
  rowsWithErrors: z.number().int(),
  /** Why the whole import failed (unreadable file, no header); null otherwise. */
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TCustomerImport = z.infer<typeof ZCustomerImport>;

/** One import with one page of its error report (offset/amount as every list; search is ignored). */
export const ZCustomerImportWithErrors = ZCustomerImport.extend({
  errors: z.object({ result: z.array(ZImportRowError), count: z.number().int() }),
});
export type TCustomerImportWithErrors = z.infer<typeof ZCustomerImportWithErrors>;

export const ZImportGetInput = ZListQuery.extend({ id: z.uuid() });
