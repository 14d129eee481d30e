import { z } from 'zod';
import { ZId } from './common.js';

// Photos, signatures and voice comments (spec 000 §2.6, §3 Photo entry, §5, §7, §8).

// the constants without zod, for the web app's first load (docs/decisions.md "Cutting the signed-in first load")
export * from './file-types.js';

export const ZUploadedFile = z.object({ id: ZId });
export type TUploadedFile = z.infer<typeof ZUploadedFile>;

export const ZImageUploadParams = z.object({ protocolPointId: ZId, index: z.coerce.number().int().min(0).max(10_000) });
