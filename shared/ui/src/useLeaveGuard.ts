// The editors' guard against losing unsaved changes (fence editor ADR 027, patrol task editor).
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

/** Where a link click would go: a path of this page's origin, or null for anything to let through. */
export function guardedPath(event: MouseEvent, origin: string, here: string): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, origin);
  if (url.origin !== origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path === here ? null : path;
}

export interface LeaveGuard {
  /** The path the user tried to go to while there were changes; the dialog shows while set. */
  pending: string | null;
  /** Go there after all. */
  leave: () => void;
  /** Stay on the page. */
  stay: () => void;
  /** Navigates without asking (after a save). */
  release: (to: string, state?: unknown) => void;
}

/**
 * Asks before unsaved changes are lost. The host's router is a plain BrowserRouter, not a data
 * router, so react-router's useBlocker is not available: the page's links (the header menu, the
 * editor's own Back link) are caught in the capture phase before the router sees them, and a
 * reload or closing the tab gets the browser's own question (beforeunload). Navigation by code
 * elsewhere (the user menu's pages) and the Back button of the browser are not caught.
 */
export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const released = useRef(false);
  // Read by the listeners, which stay for the page's life: a click right after a keystroke must
  // not slip through between a render and the effect that would re-register them.
  const guarding = useRef(dirty);
  useLayoutEffect(() => {
    guarding.current = dirty;
  }, [dirty]);

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (released.current || !guarding.current) return;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      const to = guardedPath(e, window.location.origin, here);
      if (to === null) return;
      e.preventDefault();
      e.stopPropagation();
      setPending(to);
    };
    const onUnload = (e: BeforeUnloadEvent) => {
      if (released.current || !guarding.current) return;
      e.preventDefault();
      // Older browsers ask only when returnValue is set.
      e.returnValue = '';
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, []);

  const leave = useCallback(() => {
    if (pending === null) return;
    released.current = true;
    setPending(null);
    void navigate(pending);
  }, [navigate, pending]);

  const release = useCallback(
    (to: string, state?: unknown) => {
      released.current = true;
      void navigate(to, { state });
    },
    [navigate],
  );

  return { pending, leave, stay: () => setPending(null), release };
}
