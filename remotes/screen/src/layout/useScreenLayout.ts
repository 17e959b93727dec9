import { useCallback, useEffect, useState } from 'react';
import { SCREEN_LAYOUT_KIND } from '@ptt/contracts';
import type { ScreenLayout, ScreenMe } from '@ptt/contracts';
import { useRefetchOnReconnect } from '@ptt/ui';
import { useScreen, useScreenMeQuery } from '../core';
import { loadLayout, saveLayout } from './layout';

export interface ScreenLayoutState {
  layout: ScreenLayout;
  /** The paired display this page is (display mode), or null (a console user). */
  display: ScreenMe['display'];
  ent: ScreenMe['ent'] | null;
  /** GET /api/screen/me answered: the mode is known. */
  known: boolean;
  /** The console's own layout (not in display mode): kept in this browser. */
  setOwnLayout: (layout: ScreenLayout) => void;
}

/**
 * The layout: a display's own from GET /api/screen/me, then each ScreenLayout frame for its id
 * (an admin changed it in the Displays dialog); a console user's from this browser's storage.
 */
export function useScreenLayout(): ScreenLayoutState {
  const { bus } = useScreen();
  const { data: me, refetch, fulfilledTimeStamp } = useScreenMeQuery(undefined, { refetchOnMountOrArgChange: true });
  const [own, setOwn] = useState<ScreenLayout>(() => loadLayout());
  const [pushed, setPushed] = useState<ScreenLayout | null>(null);
  const displayId = me?.display?.id ?? null;

  // A fresh read is newer than any frame before it.
  useEffect(() => setPushed(null), [fulfilledTimeStamp]);

  useEffect(() => {
    if (displayId === null) return;
    const sub = bus.on('ws/screen').subscribe((e) => {
      if (e.kind === SCREEN_LAYOUT_KIND && e.data.displayId === displayId) setPushed(e.data.layout);
    });
    return () => sub.unsubscribe();
  }, [bus, displayId]);
  useRefetchOnReconnect(bus, refetch);

  const setOwnLayout = useCallback((layout: ScreenLayout) => {
    saveLayout(layout);
    setOwn(layout);
  }, []);

  const display = me?.display ?? null;
  const layout = display ? (pushed ?? display.layout) : own;
  return { layout, display, ent: me?.ent ?? null, known: me !== undefined, setOwnLayout };
}
