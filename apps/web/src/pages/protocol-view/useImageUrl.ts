import { useEffect, useState } from 'react';
import { getToken } from '../../providers/token';

/**
 * An object URL of an image (GET api/v1/images/{id}/file), fetched with the bearer token: an <img> sends no
 * token. Revoked when the image changes or the view goes. A failed fetch leaves it null (000 §8: ignored).
 */
export function useImageUrl(imageId: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!imageId) return;
    const abort = new AbortController();
    let made: string | null = null;
    const token = getToken();
    fetch(`/api/v1/images/${encodeURIComponent(imageId)}/file`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: abort.signal,
    })
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!blob || abort.signal.aborted) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [imageId]);
  return url;
}
