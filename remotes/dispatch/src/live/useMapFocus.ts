import { useEffect, useRef } from 'react';
import type { EventBus } from '@ptt/event-bus';
import type { PttMap } from '@ptt/map';
import { NS, useAppSelector } from '../core';
import type { LiveRoster } from './useLiveRoster';

/** Zoom for a member brought into view: streets and buildings readable. */
export const FOCUS_ZOOM = 16;

/**
 * Brings the member of each `console.focus` request into view (member list "locate", SOS), once per
 * request; a member without a known position gets the 'no location' toast instead.
 */
export function useMapFocus(bus: EventBus, map: PttMap | null, live: LiveRoster): void {
  const focus = useAppSelector((s) => s.console.focus);
  const handled = useRef(0);
  const { roster, status } = live;

  useEffect(() => {
    // Wait for the map and the first positions: a request made while loading is served after.
    if (!focus || !map || status === 'loading' || focus.seq === handled.current) return;
    handled.current = focus.seq;
    const at = roster.position(focus.uid);
    if (at) {
      map.focus(at, Math.max(map.leaflet.getZoom(), FOCUS_ZOOM));
      return;
    }
    const name = roster.member(focus.uid)?.name;
    bus.publish('notify', {
      intent: 'info',
      key: name ? `${NS}:live.noLocation` : `${NS}:live.noLocationUnnamed`,
      values: name ? { name } : undefined,
      id: `live-no-location-${focus.uid}`,
    });
  }, [bus, focus, map, roster, status]);
}
