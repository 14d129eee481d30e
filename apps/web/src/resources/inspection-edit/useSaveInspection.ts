import { useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { TRPCClientError } from '@trpc/client';
import type { TInspectionEdit } from '@insp/contracts';
import { useItemWrites } from '../../inspection-writes';
import { inspectionItem, KeptForLaterError } from '../../offline-queue';
import { shownMessage } from '../../lib/errors';
import type { EditValues } from './formValues';
import { useLocalImages } from './photos/localImages';
import type { SaveChoice } from './ConfirmSaveDialog';
import type { SendProgress } from './SendingDialog';
import { localImages, localVoiceComments, toUpdate } from './toUpdate';

const UNREADABLE = 'A photo or signature could not be read. Remove it and add it again.';

/**
 * The save (000 §4): photos and signatures held locally are uploaded first, one by one with progress, then the
 * whole inspection is sent; both through the write module. Uploaded ids are remembered, so a save retried after a
 * failure does not upload the same photo twice. Answers the saved inspection, or null after showing why not.
 */
export function useSaveInspection(data: TInspectionEdit, form: UseFormReturn<EditValues>, lang: string) {
  // Issue 23: the uploads and the save are one item on screen, whose status shows beside Save.
  const writes = useItemWrites(inspectionItem(data.id));
  const local = useLocalImages();
  const uploaded = useRef(new Map<string, string>());
  const [progress, setProgress] = useState<SendProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [kept, setKept] = useState(false);

  const save = async (choice: SaveChoice): Promise<TInspectionEdit | null> => {
    const values = form.getValues();
    const voices = new Set(localVoiceComments(values));
    const pending = [...localImages(values), ...voices].filter((m) => !uploaded.current.has(m));
    setError(null);
    setKept(false);
    try {
      for (const [i, marker] of pending.entries()) {
        setProgress({ uploads: pending.length, current: i + 1, fraction: 0, saving: false });
        const image = local.get(marker);
        if (!image) throw new Error(UNREADABLE);
        const upload = voices.has(marker) ? writes.uploadVoiceComment : writes.uploadPhoto;
        const { id } = await upload(image.blob, image.fileName, {
          onProgress: (fraction) => setProgress((p) => (p ? { ...p, fraction } : p)),
        });
        uploaded.current.set(marker, id);
      }
      setProgress({ uploads: pending.length, current: pending.length, fraction: 1, saving: true });
      return await writes.saveInspection(data.id, lang, toUpdate(values, data, { ...choice, uploaded: uploaded.current, initial: form.formState.defaultValues as EditValues }));
    } catch (e) {
      // Offline: the save waits in the queue on this device. The form stays, its values now count as saved.
      if (e instanceof KeptForLaterError) {
        form.reset(values);
        setKept(true);
        return null;
      }
      setError(e instanceof TRPCClientError || !(e instanceof Error) ? shownMessage(e) : e.message);
      return null;
    } finally {
      setProgress(null);
    }
  };
  return { save, progress, error, kept, clearError: () => setError(null) };
}
