import { useCallback, useRef, useState } from 'react';
import { planUploads, uploadDocument, DocumentUploadError, type UploadRow } from './uploads';

let seq = 0;

/**
 * Uploads files one after another with a row each (its progress, then 'Successfully uploaded {name}' or 'Upload
 * failed'). Files of a name already chosen or listed are skipped before anything is sent; a name the server
 * knows (409) is shown skipped too. `busy` while any file is sending.
 */
export function useUploads(onUploaded: () => void) {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const patch = (key: string, row: UploadRow) => setRows((rs) => rs.map((r) => (r.key === key ? row : r)));

  const start = useCallback(async (files: readonly File[], fields: Record<string, string>, existingNames: readonly string[] = []) => {
    // 002 §5: no files, nothing happens
    if (!files.length || running.current) return;
    running.current = true;
    setBusy(true);
    const { send, skipped } = planUploads(files, existingNames);
    const sending = send.map((f) => ({ file: f, key: `u${++seq}` }));
    setRows([
      ...sending.map(({ file, key }): UploadRow => ({ key, fileName: file.name, state: 'uploading', progress: 0 })),
      ...skipped.map((f): UploadRow => ({ key: `u${++seq}`, fileName: f.name, state: 'skipped' })),
    ]);
    let any = false;
    for (const { file, key } of sending) {
      try {
        await uploadDocument(file, fields, (p) => patch(key, { key, fileName: file.name, state: 'uploading', progress: p }));
        any = true;
        patch(key, { key, fileName: file.name, state: 'done' });
      } catch (e) {
        if (e instanceof DocumentUploadError && e.status === 409 && !fields.parentDocumentId) patch(key, { key, fileName: file.name, state: 'skipped' });
        else patch(key, { key, fileName: file.name, state: 'failed', reason: e instanceof Error ? e.message : String(e) });
      }
    }
    running.current = false;
    setBusy(false);
    if (any) onUploaded();
  }, [onUploaded]);

  return { rows, busy, start, clear: () => setRows([]) };
}
