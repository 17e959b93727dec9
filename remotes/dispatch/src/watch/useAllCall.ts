import { useCallback, useEffect, useRef, useState } from 'react';
import { CLIENT_ERROR_KEYS, PTT_SERVER_MAX_TALK_S } from '@ptt/contracts';
import type { AllCallResult } from '@ptt/contracts';
import type { RoomConnection } from '@ptt/media';
import { errorKey } from '@ptt/ui';
import { useConsole } from '../core';
import { useReleaseAllCallMutation, useStartAllCallMutation } from './patchApi';

export type AllCallState = 'idle' | 'requesting' | 'onAir' | 'refused';

interface Call {
  chatIds: string[];
  released: boolean;
  /** The server answered (granted or not); until then a release waits for the answer. */
  answered: boolean;
  callId: string | null;
  /** The microphone was turned on for this call. */
  sending: boolean;
  /** Chat ids whose floor the call still holds. */
  holding: Set<string>;
  timer: ReturnType<typeof setTimeout> | null;
}

export interface AllCallOptions {
  /** The ticked channels' chat ids. */
  chatIds: readonly string[];
  /** The origin room (useAllCallRoom), where the microphone goes out. */
  room: RoomConnection | null;
  maxDurationS: number;
}

export interface AllCallControl {
  /** `force`: take each channel's floor from its speaker (staff force-insert, ADR 024). */
  press: (force?: boolean) => void;
  release: () => void;
  state: AllCallState;
  /** The answer of the last press, per channel (kept after the release, until the next press). */
  results: AllCallResult[] | null;
  /** Chat ids of the call being asked for or on air (their bridges are ours: not to be played). */
  calling: readonly string[];
  /** The call being asked for or on air was pressed with force. */
  forcing: boolean;
}

/**
 * Hold to all-call: the press asks for every ticked channel's floor at once; the microphone goes
 * out in the origin room while at least one channel carries the call; the release (or the max
 * duration, or the last floor taken away) ends it.
 */
export function useAllCall({ chatIds, room, maxDurationS }: AllCallOptions): AllCallControl {
  const { bus } = useConsole();
  const [start] = useStartAllCallMutation();
  const [releaseCall] = useReleaseAllCallMutation();
  const [state, setState] = useState<AllCallState>('idle');
  const [results, setResults] = useState<AllCallResult[] | null>(null);
  const [calling, setCalling] = useState<readonly string[]>([]);
  const [forcing, setForcing] = useState(false);
  const current = useRef<Call | null>(null);
  const opts = useRef({ chatIds, room, maxDurationS });
  opts.current = { chatIds, room, maxDurationS };

  const notify = useCallback((key: string) => bus.publish('notify', { intent: 'error', key, id: `allcall-${key}` }), [bus]);

  /** Over: the microphone stops at once, the server is told (when it granted anything). */
  const end = useCallback(
    (c: Call) => {
      if (current.current !== c) return;
      current.current = null;
      if (c.timer) clearTimeout(c.timer);
      if (c.sending) opts.current.room?.setTransmitting(false);
      setState('idle');
      setCalling([]);
      setForcing(false);
      if (c.callId) releaseCall({ callId: c.callId }).unwrap().catch(() => notify(CLIENT_ERROR_KEYS.pttSendFailed));
    },
    [notify, releaseCall],
  );

  const press = useCallback((force = false) => {
    if (current.current) return;
    const { chatIds: ids, room: origin, maxDurationS: limit } = opts.current;
    if (ids.length < 2) return;
    if (!origin || origin.state !== 'connected') return notify(CLIENT_ERROR_KEYS.pttCannotConnect);
    if (origin.micProblem) return notify(origin.micProblem.key);
    const c: Call = { chatIds: [...ids], released: false, answered: false, callId: null, sending: false, holding: new Set(), timer: null };
    current.current = c;
    setState('requesting');
    setForcing(force);
    setResults(null);
    setCalling(c.chatIds);
    const maxS = Math.min(PTT_SERVER_MAX_TALK_S, limit);
    start({ chatIds: c.chatIds, maxDurationS: maxS, ...(force ? { force: true } : {}) })
      .unwrap()
      .then((answer) => {
        if (current.current !== c) {
          if (answer.callId) releaseCall({ callId: answer.callId }).unwrap().catch(() => undefined);
          return;
        }
        setResults(answer.results);
        c.answered = true;
        c.callId = answer.callId;
        for (const r of answer.results) if (r.granted) c.holding.add(r.chatId);
        if (!answer.callId || c.holding.size === 0) {
          setState('refused');
          setCalling([]);
          setForcing(false);
          if (c.released) end(c);
          return;
        }
        setCalling([...c.holding]);
        c.sending = true;
        origin.setTransmitting(true);
        setState('onAir');
        // The server ends the call at the limit and says so; this stops the microphone even if that is lost.
        c.timer = setTimeout(() => end(c), maxS * 1000 + 250);
        if (c.released) end(c);
      })
      .catch((e: unknown) => {
        if (current.current !== c) return;
        current.current = null;
        setState('idle');
        setCalling([]);
        setForcing(false);
        notify(errorKey(e));
      });
  }, [end, notify, releaseCall, start]);

  const release = useCallback(() => {
    const c = current.current;
    if (!c || c.released) return;
    c.released = true;
    if (c.answered) end(c); // else the answer decides
  }, [end]);

  // A floor of the call taken away (force-insert, max duration, ended by the server): once none is
  // left, the call is over.
  useEffect(() => {
    const sub = bus.on('ws/ptt').subscribe((frame) => {
      const c = current.current;
      if (!c?.callId || !c.holding.has(frame.chatId)) return;
      if (frame.via?.kind === 'allcall' && frame.via.id === c.callId && frame.holder) return;
      c.holding.delete(frame.chatId);
      if (c.holding.size === 0) end(c);
    });
    return () => sub.unsubscribe();
  }, [bus, end]);

  // The panel going away ends a call in progress.
  useEffect(
    () => () => {
      const c = current.current;
      if (c) end(c);
    },
    [end],
  );

  return { press, release, state, results, calling, forcing };
}
