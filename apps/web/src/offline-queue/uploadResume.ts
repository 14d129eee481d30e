import type { UploadKind } from '../inspection-writes/resumableUpload';
import type { QueueDb, QueueEntry } from './db';

/** A resumable upload's kind and where its last try got to (the tus upload URL, kept with the entry). */
export interface UploadResume {
  kind: UploadKind;
  uploadUrl: string | null;
  onUploadUrl(url: string): void;
}

/**
 * The entry's upload kind ('image' for entries made before voice comments were queued) and last upload URL; a new
 * URL is stored with the entry at once, so the next try, also after a reload, goes on from the server's offset.
 */
export function resumeOf(db: QueueDb, e: QueueEntry): UploadResume {
  return {
    kind: e.uploadKind ?? 'image',
    uploadUrl: e.uploadUrl ?? null,
    onUploadUrl: (url) => {
      e.uploadUrl = url;
      void db.entries.update(e.seq!, { uploadUrl: url }).catch(() => undefined);
    },
  };
}
