import { useCallback, useEffect, useReducer, useRef } from 'react';
import { CLIENT_ERROR_KEYS, PTT_SERVER_MAX_TALK_S, ServerCode, floorSchema } from '@ptt/contracts';
import type { Floor, PttFloorFrame } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { isApiError } from '@ptt/event-bus';
import type { RoomConnection } from '@ptt/media';
import { useAppDispatch } from '../core';
import { releaseFloor, requestFloor } from './api';
import { accessPartsOf, watchFloorTiming } from './floorTiming';
import { accessMeasured, floorChanged, pressEnded, pressGranted, pressRefused, pressSlice, pressStarted } from './slice';
import type { PressNotice, PressView } from './slice';

interface Press {
  chatId: string;
  /** performance.now() at the press: access time and the press-time rule count from here. */
  at: number;
  force: boolean;
  pending: boolean;
  granted: boolean;
  released: boolean;
  releasedAt: number;
  measured: boolean;
  /** The grant's `since`, to tell a late frame about an earlier talk from news about this one. */
  since: string | null;
  timer: ReturnType<typeof setTimeout> | null;
}

export interface PressOptions {
  api: ApiClient;
  bus: EventBus;
  chatId: string | null;
  room: RoomConnection | null;
  selfUid: number | null;
  pressTimeMs: number;
  maxDurationS: number;
}

export interface PressControl {
  press: (force?: boolean) => void;
  release: () => void;
  /** What this button shows (each usePttPress has its own). */
  view: PressView;
}

/** The client message for a failed press: no media, a rule's refusal, or the request got nowhere. */
export function pressErrorKey(e: unknown): string {
  if (!isApiError(e) || e.httpStatus === 0) return CLIENT_ERROR_KEYS.pttSendFailed;
  if (e.code === ServerCode.ServiceBusy) return CLIENT_ERROR_KEYS.pttCannotConnect;
  return e.i18nKey;
}

const isOccupied = (e: unknown) => isApiError(e) && e.i18nKey === 'rule.pttChannelOccupied';

/** The floor the server sent with a 409 'PTT channel occupied' (`data.floor`), if any. */
function occupiedFloor(e: unknown): Floor | null {
  const data = isApiError(e) ? (e.data as { floor?: unknown } | null) : null;
  const parsed = floorSchema.safeParse(data?.floor);
  return parsed.success ? parsed.data : null;
}

function endedNotice(frame: PttFloorFrame, limitS: number): PressNotice {
  if (frame.reason === 'timeout') return { kind: 'maxDuration', seconds: limitS };
  if (frame.holder) return { kind: 'preempted', name: frame.holder.nickname };
  return { kind: 'ended' };
}

/**
 * Press and release: ask for the floor at once on press (with the max duration setting), transmit
 * only once it is granted, and let go on release; a press shorter than the press time is released
 * with `discard`. A PttFloor frame that gives the floor to someone else, or ends it, stops the talk.
 */
export function usePttPress(options: PressOptions): PressControl {
  const dispatch = useAppDispatch();
  useEffect(watchFloorTiming, []);
  const [view, local] = useReducer(pressSlice.reducer, undefined, pressSlice.getInitialState);
  const state = view.press;
  const opts = useRef(options);
  opts.current = options;
  const current = useRef<Press | null>(null);
  const maxS = Math.min(PTT_SERVER_MAX_TALK_S, options.maxDurationS);
  const limitS = useRef(maxS);
  limitS.current = maxS;

  const notify = useCallback((key: string, intent: 'error' | 'warning' = 'error') => {
    opts.current.bus.publish('notify', { intent, key, id: `ptt-${key}` });
  }, []);

  /** The talk is over (released, timed out, taken): the microphone stops at once. */
  const end = useCallback(
    (p: Press, notice: PressNotice | null | undefined) => {
      if (current.current !== p) return;
      if (p.timer) clearTimeout(p.timer);
      current.current = null;
      if (p.granted) opts.current.room?.setTransmitting(false);
      local(pressEnded(notice));
    },
    [],
  );

  const letGo = useCallback(
    (p: Press) => {
      const discard = p.releasedAt - p.at < opts.current.pressTimeMs;
      end(p, undefined);
      releaseFloor(opts.current.api, { chatId: p.chatId, discard }).catch(() => notify(CLIENT_ERROR_KEYS.pttSendFailed));
    },
    [end, notify],
  );

  const ask = useCallback(
    async (p: Press) => {
      const { api, selfUid } = opts.current;
      p.pending = true;
      local(pressStarted({ force: p.force }));
      let floor: Floor;
      try {
        floor = await requestFloor(api, { chatId: p.chatId, maxDurationS: limitS.current, ...(p.force ? { force: true } : {}) });
      } catch (e) {
        p.pending = false;
        if (current.current !== p) return;
        if (isOccupied(e)) {
          const holder = occupiedFloor(e)?.holder ?? null;
          local(pressRefused({ kind: 'occupied', name: holder?.nickname ?? null }));
          notify('rule.pttChannelOccupied', 'warning');
        } else {
          local(pressRefused(null));
          notify(pressErrorKey(e));
        }
        if (p.released) end(p, undefined);
        return;
      }
      p.pending = false;
      const mine = floor.holder !== null && floor.holder.uid === selfUid;
      if (current.current !== p) {
        // Abandoned while asking (another channel selected): give back what was granted.
        if (mine) releaseFloor(api, { chatId: p.chatId, discard: true }).catch(() => undefined);
        return;
      }
      dispatch(floorChanged(floor));
      if (!mine) {
        local(pressRefused({ kind: 'occupied', name: floor.holder?.nickname ?? null }));
        if (p.released) end(p, undefined);
        return;
      }
      p.granted = true;
      p.since = floor.since;
      opts.current.room?.setTransmitting(true);
      local(pressGranted());
      // The server ends the talk at the limit and says so; this stops the microphone even if that frame is lost.
      const limitMs = floor.since && floor.until ? Date.parse(floor.until) - Date.parse(floor.since) : limitS.current * 1000;
      p.timer = setTimeout(() => end(p, { kind: 'maxDuration', seconds: Math.round(limitMs / 1000) }), limitMs + 250);
      if (p.released) letGo(p);
    },
    [dispatch, end, letGo, notify],
  );

  const press = useCallback(
    (force = false) => {
      const held = current.current;
      if (held) {
        // A refused press still held becomes a force-insert (hold the key, then press Force insert).
        if (force && !held.pending && !held.granted && !held.released) {
          held.force = true;
          void ask(held);
        }
        return;
      }
      const { chatId, room } = opts.current;
      if (!chatId) return;
      if (!room || room.state !== 'connected') return notify(CLIENT_ERROR_KEYS.pttCannotConnect);
      if (room.micProblem) return notify(room.micProblem.key);
      const p: Press = { chatId, at: performance.now(), force, pending: false, granted: false, released: false, releasedAt: 0, measured: false, since: null, timer: null };
      current.current = p;
      void ask(p);
    },
    [ask, notify],
  );

  const release = useCallback(() => {
    const p = current.current;
    if (!p || p.released) return;
    p.released = true;
    p.releasedAt = performance.now();
    if (p.pending) return; // the answer decides: a grant is given back at once
    if (p.granted) letGo(p);
    else end(p, undefined);
  }, [end, letGo]);

  // The floor went to someone else or ended (timeout, pre-empted, left): stop talking.
  useEffect(() => {
    const sub = options.bus.on('ws/ptt').subscribe((frame) => {
      const p = current.current;
      if (!p || !p.granted || frame.chatId !== p.chatId || frame.holder?.uid === opts.current.selfUid) return;
      // Our own release of an earlier talk, or news older than this grant.
      if (frame.reason === 'released' && frame.previous?.uid === opts.current.selfUid) return;
      if (frame.since && p.since && Date.parse(frame.since) < Date.parse(p.since)) return;
      end(p, endedNotice(frame, limitS.current));
    });
    return () => sub.unsubscribe();
  }, [end, options.bus]);

  // Another channel selected, or the area gone: a talk in progress is let go.
  useEffect(() => {
    return () => {
      const p = current.current;
      if (!p || p.chatId !== options.chatId) return;
      if (p.granted) {
        p.released = true;
        p.releasedAt = performance.now();
        letGo(p);
      } else end(p, null);
    };
  }, [end, letGo, options.chatId]);

  // Access time: from the press to the first render that shows "talking".
  useEffect(() => {
    const p = current.current;
    if (state !== 'talking' || !p || p.measured) return;
    p.measured = true;
    const shownAt = performance.now();
    // The breakdown waits a task: the floor request's timing entry may not be out yet.
    setTimeout(() => dispatch(accessMeasured(shownAt - p.at, accessPartsOf(p.at, shownAt))), 0);
  }, [dispatch, state]);

  return { press, release, view };
}
