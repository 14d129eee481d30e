import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import type { LeaveTexts } from './UnsavedGuard';

/**
 * Unsaved work on a screen made of several forms (the point editor, the protocol create form): each form says
 * whether it differs from what it last loaded or saved, a scope gathers them, and whatever would drop a form
 * (a tab, another point, leaving the screen) asks the scope first. Scopes nest: an inner scope counts in its parent.
 */
export interface UnsavedScope {
  /** Whether any form in the scope (or a nested scope) has unsaved changes now. */
  unsaved(): boolean;
  add(dirty: () => boolean): () => void;
}

const ScopeContext = createContext<UnsavedScope | null>(null);

/** A new scope, counted in the enclosing one (if any) while mounted. Give it to children with `<UnsavedScopeProvider>`. */
export function useUnsavedScope(): UnsavedScope {
  const parent = useContext(ScopeContext);
  const [scope] = useState<UnsavedScope>(() => {
    const sources = new Set<() => boolean>();
    return {
      unsaved: () => [...sources].some((dirty) => dirty()),
      add: (dirty) => {
        sources.add(dirty);
        return () => void sources.delete(dirty);
      },
    };
  });
  useEffect(() => parent?.add(scope.unsaved), [parent, scope]);
  return scope;
}

export function UnsavedScopeProvider({ scope, children }: { scope: UnsavedScope; children: ReactNode }) {
  return <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>;
}

/** A form reports its dirty flag (computed from its values) to the nearest scope while it is mounted. */
export function useUnsavedChanges(dirty: boolean) {
  const scope = useContext(ScopeContext);
  const latest = useRef(dirty);
  useLayoutEffect(() => {
    latest.current = dirty;
  });
  useEffect(() => scope?.add(() => latest.current), [scope]);
}

/** The question of the authoring screens, in the page and on leaving it. */
export const DISCARD_TEXTS: LeaveTexts = {
  title: 'Discard unsaved changes?',
  text: 'You have unsaved changes. They are lost if you continue.',
  yes: 'Discard',
  no: 'Stay',
};

/**
 * `confirm(unsaved, go)` runs `go` at once when nothing is unsaved, else asks: Discard runs it, Stay forgets it.
 * Render `dialog` once.
 */
export function useConfirmDiscard() {
  const [pending, setPending] = useState<{ go: () => void } | null>(null);
  const confirm = useCallback((unsaved: () => boolean, go: () => void) => {
    if (unsaved()) setPending({ go });
    else go();
  }, []);
  const dialog = (
    <ConfirmDialog
      open={!!pending}
      {...DISCARD_TEXTS}
      onYes={() => {
        setPending(null);
        pending?.go();
      }}
      onNo={() => setPending(null)}
    />
  );
  return { confirm, dialog };
}
