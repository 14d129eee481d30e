import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from './ConfirmDialog';

/** The words of a leave-or-stay question: `yes` leaves (dropping the edits), `no` stays. */
export interface LeaveTexts { title: string; text: string; yes: string; no: string }

/**
 * Asks before unsaved edits are left behind: a router blocker (links, back button, a screen's own Back) opens the
 * question, and the browser's unload prompt fires on reload or close. `unsaved` is read when someone leaves, so a
 * save that just succeeded lets the screen close without asking. Needs a data router (App.tsx).
 */
export function UnsavedGuard({ unsaved, texts, alsoSearch = false }: { unsaved: () => boolean; texts: LeaveTexts; alsoSearch?: boolean }) {
  // alsoSearch: a screen whose views live in the query (/Protocols?id=…&edit=1) is left by a change of it too
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    (currentLocation.pathname !== nextLocation.pathname || (alsoSearch && currentLocation.search !== nextLocation.search)) && unsaved());
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (!unsaved()) return;
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = texts.text;
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [unsaved, texts.text]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={texts.title}
      text={texts.text}
      yes={texts.yes}
      no={texts.no}
      onYes={() => blocker.proceed?.()}
      onNo={() => blocker.reset?.()}
    />
  );
}
