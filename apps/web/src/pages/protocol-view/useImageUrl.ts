import { useAuthorizedFileUrl } from '../../lib/useAuthorizedFileUrl';

/** An object URL of an image (GET api/v1/images/{id}/file, with the token); null while loading or when it failed. */
export const useImageUrl = (imageId: string | null): string | null =>
  useAuthorizedFileUrl(imageId ? `/api/v1/images/${encodeURIComponent(imageId)}/file` : null);
