import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from './ConfirmDialog';
import { EDIT_TEXT } from './texts';

/**
 * 000 §2.8: leaving with unsaved edits asks 'You have unsaved data, do you want to leave the page?' (a router
 * blocker: links, back button, the form's own Back), and the browser's unload prompt fires on reload or close.
 * `unsaved` is read when someone leaves, so a save that just succeeded lets the form close without asking.
 */
export function UnsavedGuard({ unsaved }: { unsaved: () => boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && unsaved());
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (!unsaved()) return;
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = EDIT_TEXT.unsaved;
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [unsaved]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={EDIT_TEXT.unsavedTitle}
      text={EDIT_TEXT.unsaved}
      yes={EDIT_TEXT.leave}
      no={EDIT_TEXT.stay}
      onYes={() => blocker.proceed?.()}
      onNo={() => blocker.reset?.()}
    />
  );
}
