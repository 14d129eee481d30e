import { useEffect, useState } from 'react';
import { fetchFileOrStored } from '../offline-available/files';

/**
 * An object URL of a file the API serves only with the bearer token (an <img> or <audio> sends none), fetched
 * when `path` is given. Revoked when the path changes or the view goes; null while loading or when the fetch failed
 * (000 §8: image and audio fetch failures are silently ignored).
 */
export function useAuthorizedFileUrl(path: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!path) return;
    const abort = new AbortController();
    let made: string | null = null;
    // Offline, a copy stored by 'Make available offline' (issue 23).
    fetchFileOrStored(path, abort.signal)
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
  }, [path]);
  return url;
}
