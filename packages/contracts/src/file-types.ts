// Photos, signatures and voice comments (spec 000 §2.6, §3 Photo entry, §5, §7, §8): the file types and the messages
// about them. No zod here: the web app's signed-in shell imports these (issue 23); images.ts re-exports them.

/** 000 §5: only jpeg, jpg and png; the bytes decide, not the name. */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;
/** Voice comments as phones and browsers record them. */
export const VOICE_CONTENT_TYPES = ['audio/mp4', 'audio/aac', 'audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/webm'] as const;

/** 000 §8, word for word. */
export const UNALLOWED_FILE_TYPE = 'Unallowed file type';
export const ONLY_ONE_FILE = 'Only one file allowed at a time';
