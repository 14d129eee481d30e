import { z } from 'zod';
import { ZId } from './common.js';

// Photos, signatures and voice comments (spec 000 §2.6, §3 Photo entry, §5, §7, §8).

/** 000 §5: only jpeg, jpg and png; the bytes decide, not the name. */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;
/** Voice comments as phones and browsers record them. */
export const VOICE_CONTENT_TYPES = ['audio/mp4', 'audio/aac', 'audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/webm'] as const;

/** 000 §8, word for word. */
export const UNALLOWED_FILE_TYPE = 'Unallowed file type';
export const ONLY_ONE_FILE = 'Only one file allowed at a time';

export const ZUploadedFile = z.object({ id: ZId });
export type TUploadedFile = z.infer<typeof ZUploadedFile>;

export const ZImageUploadParams = z.object({ protocolPointId: ZId, index: z.coerce.number().int().min(0).max(10_000) });
