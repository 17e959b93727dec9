import { useEffect } from 'react';
import { parseChatId } from '@ptt/contracts';
import type { PttTalker } from '@ptt/contracts';
import { onSocketReopen, type ApiClient, type EventBus } from '@ptt/event-bus';
import { talkingChanged, useAppDispatch, useAppStore } from '../core';
import type { AppDispatch } from '../core';
import { fetchFloors, fetchMedia } from './api';
import { floorChanged, floorsLoaded, mediaLoaded } from './slice';

/** The channel list's talking indicator for one chat (temporary channels have no row there). */
function showTalker(dispatch: AppDispatch, chatId: string, holder: PttTalker | null): void {
  const parsed = parseChatId(chatId);
  if (parsed) dispatch(talkingChanged({ channelId: parsed.channelId, talker: holder && { uid: holder.uid, nickname: holder.nickname } }));
}

/**
 * Headless: whether the server has media, and who holds the floor in every chat of the user
 * (`GET /api/ptt/floors` at start and after the socket comes back, then the `ws/ptt` frames).
 */
export function usePttSync(api: ApiClient, bus: EventBus, signedIn: boolean): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();

  useEffect(() => {
    if (!signedIn) return;
    const abort = new AbortController();
    fetchMedia(api, abort.signal)
      .then((media) => dispatch(mediaLoaded(media)))
      .catch(() => {
        // No answer reads as no media: the state shows "not connected" and a press says why.
        if (!abort.signal.aborted) dispatch(mediaLoaded({ available: false, janusPath: '', plugin: 'janus.plugin.audiobridge' }));
      });
    return () => abort.abort();
  }, [api, dispatch, signedIn]);

  useEffect(() => {
    if (!signedIn) return;
    let abort = new AbortController();
    const load = () => {
      abort.abort();
      abort = new AbortController();
      fetchFloors(api, abort.signal)
        .then((floors) => {
          const before = Object.keys(store.getState().ptt.floors);
          dispatch(floorsLoaded(floors));
          const now = store.getState().ptt.floors;
          for (const id of before) if (!now[id]) showTalker(dispatch, id, null);
          for (const [id, f] of Object.entries(now)) showTalker(dispatch, id, f.holder);
        })
        .catch(() => undefined); // the frames still come; the next reconnect tries again
    };
    load();
    const status = onSocketReopen(bus, load);
    const frames = bus.on('ws/ptt').subscribe((frame) => {
      dispatch(floorChanged(frame));
      showTalker(dispatch, frame.chatId, frame.holder);
    });
    return () => {
      abort.abort();
      status.unsubscribe();
      frames.unsubscribe();
    };
  }, [api, bus, dispatch, signedIn, store]);
}
