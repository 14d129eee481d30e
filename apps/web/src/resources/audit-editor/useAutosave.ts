import { useCallback, useEffect, useRef, useState } from 'react';
import { shownMessage } from '../../lib/errors';

/** spec 000 §9: text autosave delay 1000 ms after the last keystroke. */
export const AUTOSAVE_MS = 1000;

/** Autosaves with a change not yet answered by the server, across the page (the unload prompt asks while any). */
const unsaved = new Set<object>();
export const hasUnsavedAutosaves = () => unsaved.size > 0;

/**
 * The page's save status for the editor's header (issue 20: 'the editor shows when its last change was saved'):
 * whether any change waits, and when the server last answered a save. A snapshot object that changes only when
 * one of them does (useSyncExternalStore compares snapshots by identity).
 */
export interface SaveStatus { waiting: boolean; lastSavedAt: number | null }
let status: SaveStatus = { waiting: false, lastSavedAt: null };
const listeners = new Set<() => void>();
function publish(next: Partial<SaveStatus>) {
  const merged = { waiting: unsaved.size > 0, lastSavedAt: status.lastSavedAt, ...next };
  if (merged.waiting === status.waiting && merged.lastSavedAt === status.lastSavedAt) return;
  status = merged;
  for (const l of listeners) l();
}
export const saveStatus = {
  subscribe: (l: () => void) => {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
  get: () => status,
  /** A newly opened editor starts with no save of its own to report. */
  reset: () => publish({ lastSavedAt: null }),
};

/**
 * 'saved': nothing unsaved. 'pending': changed, the 1 s after the last keystroke is still running (grey (*)).
 * 'due': the 1 s passed and the save is in flight, or it failed (black (*)) — docs/decisions.md "Audit editor".
 */
export type AutosaveState = 'saved' | 'pending' | 'due';

/**
 * Saves the latest value `delay` ms after the last change (000 §2.6). Saves run one after another, so an older
 * text never lands after a newer one; a failed save stays due (black) with its message until the next change or
 * `flush()` retries. Leaving the screen with a change pending sends it at once.
 */
export function useAutosave<T>(save: (value: T) => Promise<unknown>, delay = AUTOSAVE_MS) {
  const [state, setState] = useState<AutosaveState>('saved');
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef<{ value: T } | null>(null);
  const version = useRef(0);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const saveRef = useRef(save);
  saveRef.current = save;
  const mounted = useRef(true);
  const token = useRef({});

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const pending = latest.current;
    if (!pending) return chain.current;
    const v = version.current;
    if (mounted.current) setState('due');
    chain.current = chain.current.then(async () => {
      try {
        await saveRef.current(pending.value);
        publish({ lastSavedAt: Date.now() });
        if (version.current === v) {
          latest.current = null;
          unsaved.delete(token.current);
          publish({});
          if (mounted.current) {
            setState('saved');
            setError(null);
          }
        }
      } catch (e) {
        if (mounted.current) setError(shownMessage(e));
      }
    });
    return chain.current;
  }, []);

  const change = useCallback(
    (value: T) => {
      latest.current = { value };
      version.current++;
      unsaved.add(token.current);
      publish({});
      setState('pending');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), delay);
    },
    [delay, flush],
  );

  useEffect(() => {
    mounted.current = true;
    const mine = token.current;
    return () => {
      mounted.current = false;
      // A change still waiting is sent now; once that is over (saved or not) the page no longer holds it.
      void (timer.current ? flush() : chain.current).finally(() => {
        unsaved.delete(mine);
        publish({});
      });
    };
  }, [flush]);

  return { state, error, change, flush };
}
