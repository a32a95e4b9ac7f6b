import { useEffect, useRef } from 'react';

/** The open dialogs that take part in history, in the order they opened: Back closes the last. */
const openDialogs: { close: () => void }[] = [];
/** Entries this module left by history.back() itself (a dialog closed by its own button): their popstate is no Back. */
let ownBacks = 0;
let listening = false;
const OWN_ENTRY = 'backToClose';

const isOwnEntry = (state: unknown) => typeof state === 'object' && state !== null && OWN_ENTRY in state;

function onPopState() {
  if (ownBacks > 0) {
    ownBacks -= 1;
    return;
  }
  openDialogs.pop()?.close();
}

/**
 * A phone's Back closes an open dialog instead of leaving the app: while `open`, the dialog has a history entry of the
 * same address (the router's state kept, so the router sees no navigation); Back leaves that entry and calls
 * `onClose`. A dialog closed otherwise takes its entry back off, unless the person has navigated on from it.
 */
export function useBackToClose(open: boolean, onClose: () => void): void {
  const latestClose = useRef(onClose);
  useEffect(() => {
    latestClose.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const dialog = { close: () => latestClose.current() };
    if (!listening) {
      window.addEventListener('popstate', onPopState);
      listening = true;
    }
    openDialogs.push(dialog);
    const state: unknown = window.history.state;
    window.history.pushState({ ...(typeof state === 'object' ? state : null), [OWN_ENTRY]: true }, '');
    return () => {
      const index = openDialogs.indexOf(dialog);
      // Not found: Back closed it, and its entry is gone already.
      if (index >= 0) {
        openDialogs.splice(index, 1);
        if (isOwnEntry(window.history.state)) {
          ownBacks += 1;
          window.history.back();
        }
      }
    };
  }, [open]);
}
