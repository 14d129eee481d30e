import { useRef, useState } from 'react';
import { newRequestKey } from '../../lib/requestKey';
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
  /** What each row sent, so a failed one can be sent again with the same key. */
  const sent = useRef(new Map<string, { file: File; fields: Record<string, string>; idempotencyKey: string }>());
  const patch = (key: string, row: UploadRow) => setRows((rs) => rs.map((r) => (r.key === key ? row : r)));

  /** Sends one row's file; true when the server took it. */
  const send = async (key: string) => {
    const one = sent.current.get(key);
    if (!one) return false;
    const { file, fields, idempotencyKey } = one;
    try {
      await uploadDocument(file, fields, (p) => patch(key, { key, fileName: file.name, state: 'uploading', progress: p }), fields.parentDocumentId ? idempotencyKey : undefined);
      patch(key, { key, fileName: file.name, state: 'done' });
      return true;
    } catch (e) {
      if (e instanceof DocumentUploadError && e.status === 409 && !fields.parentDocumentId) patch(key, { key, fileName: file.name, state: 'skipped' });
      else patch(key, { key, fileName: file.name, state: 'failed', reason: e instanceof Error ? e.message : String(e) });
      return false;
    }
  };

  const start = async (files: readonly File[], fields: Record<string, string>, existingNames: readonly string[] = []) => {
    // 002 §5: no files, nothing happens
    if (!files.length || running.current) return;
    running.current = true;
    setBusy(true);
    const { send: toSend, skipped } = planUploads(files, existingNames);
    const sending = toSend.map((f) => ({ file: f, key: `u${++seq}` }));
    setRows([
      ...sending.map(({ file, key }): UploadRow => ({ key, fileName: file.name, state: 'uploading', progress: 0 })),
      ...skipped.map((f): UploadRow => ({ key: `u${++seq}`, fileName: f.name, state: 'skipped' })),
    ]);
    sent.current.clear();
    for (const s of sending) sent.current.set(s.key, { file: s.file, fields, idempotencyKey: newRequestKey() });
    let any = false;
    for (const { key } of sending) any = (await send(key)) || any;
    running.current = false;
    setBusy(false);
    if (any) onUploaded();
  };

  /** Sends a failed row again (a version with the same Idempotency-Key: a lost answer makes no second version). */
  const retry = async (key: string) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    const one = sent.current.get(key);
    if (one) patch(key, { key, fileName: one.file.name, state: 'uploading', progress: 0 });
    const ok = await send(key);
    running.current = false;
    setBusy(false);
    if (ok) onUploaded();
  };

  return { rows, busy, start, retry, clear: () => setRows([]) };
}
