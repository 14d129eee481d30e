import { ONLY_ONE_FILE, UNALLOWED_FILE_TYPE } from '@insp/contracts';

/** 000 §2.6, §5: the picker offers these; only jpeg, jpg and png are taken. */
export const PHOTO_ACCEPT = '.png,.jpg,.jpeg';
const TYPES = ['image/jpeg', 'image/png'];
const EXTENSIONS = ['jpg', 'jpeg', 'png'];

/**
 * The one photo of a drop or a pick, or the message saying why not (000 §5, §8 word for word): a drop must
 * hold exactly one file, and it must be a jpeg or png (by its type, or by its name when the type is unknown).
 */
export function pickPhoto(files: ArrayLike<File> | null | undefined): { file: File } | { error: string } {
  if (!files || files.length !== 1) return { error: ONLY_ONE_FILE };
  const file = files[0]!;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const allowed = file.type ? TYPES.includes(file.type) : EXTENSIONS.includes(ext);
  return allowed ? { file } : { error: UNALLOWED_FILE_TYPE };
}
