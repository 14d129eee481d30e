import { useCallback, useEffect, useRef, useState } from 'react';
import type { TOverwritten } from '@insp/contracts';

/** What one field's version stamp says, as every read and save answers it (issue 23). */
export interface VersionStamp {
  version?: number | undefined;
  updatedAt?: number | undefined;
  updatedBy?: string | null | undefined;
}

export interface Conflict {
  /**
   * replaced: my save replaced another's change; changed: a read shows another's change; kept: …while mine is unsaved;
   * notRemoved: my save removed an item (a finding) another had changed meanwhile, and the server kept it;
   * removed: another removed an item I changed meanwhile, and my save brought it back.
   */
  kind: 'replaced' | 'changed' | 'kept' | 'notRemoved' | 'removed';
  by: string | null;
  at: number;
}

export interface EditVersionOptions {
  /** The user's own name: a newer version written by them (another tab, the queue sending later) is no news. */
  me: string | null | undefined;
  /** A save of this field is on its way: its answer (with `overwritten`) will tell. */
  inFlight(): boolean;
  /** Changes made here and not yet answered by the server (pending autosave, kept on the device). */
  hasLocalEdits(): boolean;
  /** Shows the server's value in place of the field's own state (nothing unsaved here). */
  adopt(): void;
}

/**
 * The version an edit of one field starts from (sent with each save as `version`), kept from each answer, and the
 * notice to show when someone else wrote the same field: the later save wins on the server, the one whose change
 * was replaced learns it from the answer (`overwritten`) or from the next read. Unsaved edits here are never
 * replaced by a read: they stay, and the user is told.
 */
export function useEditVersion(stamp: VersionStamp | undefined, o: EditVersionOptions) {
  const base = useRef(stamp?.version ?? 0);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const opts = useRef(o);
  opts.current = o;

  const read = stamp?.version ?? 0;
  useEffect(() => {
    if (read <= base.current || !stamp) return;
    const { me, inFlight, hasLocalEdits, adopt } = opts.current;
    if (inFlight()) return; // the save's own answer says what it replaced
    const news: Conflict = { kind: 'changed', by: stamp.updatedBy ?? null, at: stamp.updatedAt ?? Date.now() };
    if (hasLocalEdits()) {
      // The base stays: the save of the kept edit is then reported as replacing this change.
      if (!me || news.by !== me) setConflict({ ...news, kind: 'kept' });
      return;
    }
    base.current = read;
    // The screen shows the value the base stands for, also when the newer one is my own (another tab, a write the
    // queue sent later): else the next edit would replace it unseen. Only the notice is for someone else's change.
    adopt();
    if (me && news.by === me) return;
    setConflict(news);
  }, [read]); // eslint-disable-line react-hooks/exhaustive-deps -- the version is what moves

  /** A save's answer: its version is the next edit's base; what it overwrote is told. */
  const answered = useCallback((saved: { version?: number | undefined; overwritten?: TOverwritten[] | undefined } | null | undefined) => {
    // A local answer (kept on the device) carries the version sent: only the server's moves the base.
    const fromServer = typeof saved?.version === 'number' && saved.version > base.current;
    if (fromServer) base.current = saved.version!;
    const last = saved?.overwritten?.at(-1);
    if (last) setConflict({ kind: 'replaced', by: last.updatedBy, at: last.updatedAt });
    else if (fromServer) setConflict((c) => (c?.kind === 'kept' ? null : c));
  }, []);

  return { base: () => base.current, answered, conflict, dismiss: () => setConflict(null) };
}
