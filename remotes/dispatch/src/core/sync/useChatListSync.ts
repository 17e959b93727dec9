import { useEffect } from 'react';
import { CHAT_MESSAGE_KIND } from '@ptt/contracts';
import type { ChatMessage } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { useAppDispatch, useAppSelector, useAppStore } from '../store';
import { channelStates, listChats } from '../api';
import { openChat, selectChannel } from '../state/console';
import {
  channelEnabledChanged,
  channelGone,
  channelRenamed,
  channelStatesLoaded,
  chatListFailed,
  chatListLoaded,
  chatListLoading,
  listStale,
  messageArrived,
} from '../state/chatList';

/** Several changes in a row (a burst of frames) cost one reload. */
const RELOAD_DEBOUNCE_MS = 300;

/** Keeps the chat list: loads it, then follows messages and channel changes on the socket. */
export function useChatListSync(api: ApiClient, bus: EventBus, selfId: number | null): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const stale = useAppSelector((s) => s.chatList.stale);

  useEffect(() => {
    if (selfId === null) return;
    const abort = new AbortController();
    dispatch(chatListLoading());
    const timer = setTimeout(
      () => {
        listChats(api, abort.signal)
          .then((items) => dispatch(chatListLoaded({ items, openChatId: store.getState().console.openChat?.chatId ?? null })))
          .catch(() => {
            if (!abort.signal.aborted) dispatch(chatListFailed());
          });
        // Without states every channel shows as enabled, which is what most are.
        channelStates(api, selfId, abort.signal)
          .then((states) => dispatch(channelStatesLoaded(states)))
          .catch(() => undefined);
      },
      stale === 0 ? 0 : RELOAD_DEBOUNCE_MS,
    );
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [api, dispatch, store, selfId, stale]);

  useEffect(() => {
    // Messages sent while the socket was down never arrive: after a reconnect, ask again.
    let previous: string | undefined;
    const sub = bus.on('socket/status').subscribe(({ state }) => {
      if (state === 'open' && previous !== undefined && previous !== 'open') dispatch(listStale());
      previous = state;
    });
    return () => sub.unsubscribe();
  }, [bus, dispatch]);

  useEffect(() => {
    // A channel the user can no longer read leaves the member list and the chat too.
    const gone = (channelId: number) => {
      dispatch(channelGone(channelId));
      const { console: selection } = store.getState();
      if (selection.selectedChannelId === channelId) dispatch(selectChannel(null));
      if (selection.openChat?.channelId === channelId) dispatch(openChat(null));
    };
    const arrived = (message: ChatMessage) =>
      dispatch(messageArrived({ message, selfId, openChatId: store.getState().console.openChat?.chatId ?? null }));
    const known = (channelId: number) => Object.values(store.getState().chatList.items).some((e) => e.channelId === channelId);

    const subs = [
      bus.on('ws/channel').subscribe((event) => {
        // The GroupMessage bucket also carries PttPatch frames (ADR 024), which are not chat.
        if (event.kind === 'GroupMessage') {
          if (event.t === 'Message') arrived(event.data);
        } else if (event.kind === 'ChannelStatus') dispatch(channelEnabledChanged(event.data));
        else if (!known(event.data.channelId)) dispatch(listStale());
      }),
      bus.on('ws/user').subscribe((event) => {
        if (event.kind === 'Personal' && event.t === CHAT_MESSAGE_KIND) arrived(event.data);
        else if (event.kind === 'ChannelUserDel') gone(event.data.channelId);
      }),
      bus.on('ws/ent').subscribe((event) => {
        if (event.kind !== 'ChannelChange') return;
        const { action, channelId, name, enabled } = event.data;
        switch (action) {
          case 'create':
            dispatch(listStale());
            break;
          case 'update':
            dispatch(channelRenamed({ channelId, name }));
            break;
          case 'suspend':
          case 'resume':
            dispatch(channelEnabledChanged({ channelId, enabled }));
            break;
          case 'disband':
          case 'delete':
            gone(channelId);
            break;
          case 'members':
            // Counts for the management tables; one's own joins and leaves come as ChannelUserAdd/Del.
            break;
        }
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [bus, dispatch, store, selfId]);
}
