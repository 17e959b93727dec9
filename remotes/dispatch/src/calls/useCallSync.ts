import { useEffect, useRef } from 'react';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { isApiError } from '@ptt/event-bus';
import { nicknameOf, useAppDispatch, useAppSelector, useAppStore } from '../core';
import { currentCall, startCall } from './api';
import { callChanged, callFromFrame, callFromRecord, callRefused, callStarting } from './state/call';

/**
 * 1V1 calls: the call in progress when the console opens, MsgComm frames, and the calls asked for
 * through the console slice's `requestCall` (member rows, the map, SOS alerts).
 */
export function useCallSync(api: ApiClient, bus: EventBus, selfId: number | null): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const request = useAppSelector((s) => s.console.callRequest);
  // A request made before this console mounted is not placed again.
  const handled = useRef(store.getState().console.callRequest?.seq ?? 0);

  useEffect(() => {
    if (selfId === null) return;
    const abort = new AbortController();
    currentCall(api, abort.signal)
      .then((call) => {
        if (call) dispatch(callChanged(callFromRecord(call, selfId)));
      })
      .catch(() => undefined);
    const sub = bus.on('ws/user').subscribe((event) => {
      if (event.kind === 'MsgComm') dispatch(callChanged(callFromFrame(event.data)));
    });
    return () => {
      sub.unsubscribe();
      abort.abort();
    };
  }, [api, bus, dispatch, selfId]);

  useEffect(() => {
    if (!request || request.seq <= handled.current || selfId === null) return;
    handled.current = request.seq;
    const uid = request.uid;
    const nickname = nicknameOf(store.getState(), uid);
    dispatch(callStarting({ uid, nickname }));
    startCall(api, uid)
      .then((call) => dispatch(callChanged(callFromRecord(call, selfId))))
      .catch((e: unknown) => {
        const key = isApiError(e) ? e.i18nKey : 'client.networkError';
        dispatch(callRefused({ uid, nickname, key: `common:${key}` }));
      });
  }, [api, dispatch, store, request, selfId]);
}
