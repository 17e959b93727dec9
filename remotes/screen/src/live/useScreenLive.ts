import { useCallback, useEffect, useReducer, useRef } from 'react';
import { SCREEN_ALERT_KIND, SCREEN_COUNTS_KIND, SCREEN_FLOOR_KIND, SOS_MSG_KIND } from '@ptt/contracts';
import type { ScreenSummary } from '@ptt/contracts';
import { useRefetchOnReconnect } from '@ptt/ui';
import { useScreen, useScreenSummaryQuery } from '../core';
import { EMPTY_LIVE, onFrame, onSummary } from './screenState';
import type { LiveAction, ScreenLive } from './screenState';

type Step = { kind: 'summary'; summary: ScreenSummary; startedAt: number } | { kind: 'frame'; action: LiveAction; received: number };

function reduce(state: ScreenLive, step: Step): ScreenLive {
  return step.kind === 'summary' ? onSummary(state, step.summary, step.startedAt) : onFrame(state, step.action, step.received);
}

export interface ScreenLiveResult extends ScreenLive {
  ent: ScreenSummary['ent'] | null;
  /** Server clock minus ours, ms: ages are shown against the server's clock. */
  skew: number;
  loaded: boolean;
  error: unknown;
  retry: () => void;
}

/**
 * The summary (RTK Query), then kept live from the frames: ws/screen (counts, floors, alerts) and
 * ws/ent SosMsg. Read again each time the socket opens again: frames missed meanwhile are gone.
 */
export function useScreenLive(): ScreenLiveResult {
  const { bus } = useScreen();
  const { data, error, refetch, startedTimeStamp, fulfilledTimeStamp } = useScreenSummaryQuery(undefined, { refetchOnMountOrArgChange: true });
  const [state, dispatch] = useReducer(reduce, EMPTY_LIVE);
  const skew = useRef(0);

  useEffect(() => {
    if (!data || fulfilledTimeStamp === undefined) return;
    const server = Date.parse(data.at);
    if (!Number.isNaN(server)) skew.current = server - fulfilledTimeStamp;
    dispatch({ kind: 'summary', summary: data, startedAt: startedTimeStamp ?? 0 });
    // Only when a read lands: startedTimeStamp moves on as soon as the next one starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fulfilledTimeStamp]);

  useEffect(() => {
    const frame = (action: LiveAction) => dispatch({ kind: 'frame', action, received: Date.now() });
    const screen = bus.on('ws/screen').subscribe((e) => {
      if (e.kind === SCREEN_COUNTS_KIND) frame({ type: 'counts', counts: e.data });
      else if (e.kind === SCREEN_FLOOR_KIND) frame({ type: 'floor', floor: e.data, at: Date.now() + skew.current });
      else if (e.kind === SCREEN_ALERT_KIND) frame({ type: 'alert', alert: e.data });
    });
    const ent = bus.on('ws/ent').subscribe((e) => {
      if (e.kind === SOS_MSG_KIND) frame({ type: 'sos', sos: e.data });
    });
    return () => {
      screen.unsubscribe();
      ent.unsubscribe();
    };
  }, [bus]);

  useRefetchOnReconnect(bus, refetch);
  const retry = useCallback(() => void refetch(), [refetch]);
  return { ...state, ent: data?.ent ?? null, skew: skew.current, loaded: data !== undefined, error, retry };
}
