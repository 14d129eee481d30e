import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadPhotoRequest } from '../../../inspection-writes/uploadPhoto';

/** Blob upload states (001 §4): Waiting, Uploading (percentage), Success (only on HTTP 201), Error. */
export type UploadState = { state: 'Waiting' } | { state: 'Uploading'; percent: number } | { state: 'Success' } | { state: 'Error' };
export interface OptionImage {
  upload: UploadState;
  /** A local preview of the chosen file, until the page goes. */
  previewUrl: string;
}

export const isPending = (u: UploadState | undefined) => u?.state === 'Waiting' || u?.state === 'Uploading';

export const uploadLabel = (u: UploadState): string =>
  u.state === 'Uploading' ? `Uploading ${u.percent} %` : u.state === 'Error' ? 'Uploading failed' : u.state;

/**
 * Option images by option id. An image is uploaded at once (POST api/v1/images: jpeg or png, 201 with its id;
 * XMLHttpRequest for the progress) and `onUploaded` puts its id on the option; the point's save links it.
 */
export function useOptionImages(onUploaded: (optionId: string, imageId: string) => void) {
  const [images, setImages] = useState<Record<string, OptionImage>>({});
  const made = useRef<string[]>([]);
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;
  useEffect(() => () => made.current.forEach((u) => URL.revokeObjectURL(u)), []);

  const set = (optionId: string, upload: UploadState) =>
    setImages((all) => (all[optionId] ? { ...all, [optionId]: { ...all[optionId]!, upload } } : all));

  const start = useCallback(async (optionId: string, file: File) => {
    const previewUrl = URL.createObjectURL(file);
    made.current.push(previewUrl);
    setImages((all) => ({ ...all, [optionId]: { upload: { state: 'Waiting' }, previewUrl } }));
    try {
      const { id } = await uploadPhotoRequest(file, file.name, {
        onProgress: (p) => set(optionId, { state: 'Uploading', percent: Math.round(p * 100) }),
      });
      set(optionId, { state: 'Success' });
      uploaded.current(optionId, id);
    } catch {
      set(optionId, { state: 'Error' });
    }
  }, []);

  const forget = useCallback((optionId: string) => setImages(({ [optionId]: _, ...rest }) => rest), []);
  const anyPending = Object.values(images).some((i) => isPending(i.upload));
  return { images, start, forget, anyPending };
}
