import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchFileOrStored } from '../../../offline-available/files';
import { isLocalImage } from '../formValues';
import { useLocalImages } from './localImages';

/** An uploaded image's bytes (GET api/v1/images/{id}/file with the token; an <img> cannot send it). */
const imageQuery = (id: string) => ({
  queryKey: ['images', 'file', id],
  // Offline, a copy stored by 'Make available offline' (issue 23).
  queryFn: () => fetchFileOrStored(`/api/v1/images/${encodeURIComponent(id)}/file`),
  staleTime: Infinity,
  retry: false,
});

/**
 * An address an <img> can show for an image id: a local photo's preview, or an uploaded image fetched with the
 * token. null while loading or when the fetch failed (000 §8: image fetch failures are silently ignored).
 */
export function useImageUrl(imageId: string | null): string | null {
  const local = useLocalImages();
  // A local photo, or one uploaded from this page (its id aliased to the device's copy).
  const onDevice = imageId ? local.get(imageId) : undefined;
  const remote = useQuery({ ...imageQuery(imageId ?? ''), enabled: !!imageId && !onDevice });
  const [url, setUrl] = useState<string | null>(null);
  const blob = remote.data;
  useEffect(() => {
    if (!blob) return setUrl(null);
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  if (onDevice) return onDevice.url;
  if (isLocalImage(imageId)) return null;
  return url;
}
