import { useEffect, useRef } from 'react';
import type { ApiClient } from '@ptt/event-bus';
import { enterpriseChannel } from '../api';
import { useAppDispatch, useAppSelector, useAppStore } from '../store';
import { openChat, selectChannel } from '../state/console';
import type { ChatEntry } from '../state/chatList';

/** What opening a chat entry means for the console: its chat, and for a channel its members too. */
export function openEntry(entry: ChatEntry) {
  return openChat({ chatId: entry.chatId, kind: entry.kind, title: entry.title, channelId: entry.channelId, peerId: entry.peerId });
}

/**
 * Once the chat list is there and nothing is open yet, opens the enterprise channel (everyone is
 * on it), or else the first channel of the list, so the console never starts empty.
 */
export function useDefaultChat(api: ApiClient): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const ready = useAppSelector((s) => s.chatList.status === 'ready');
  const done = useRef(false);

  useEffect(() => {
    if (!ready || done.current || store.getState().console.openChat) return;
    const abort = new AbortController();
    const pick = (channelId: number | null) => {
      done.current = true;
      const state = store.getState();
      if (state.console.openChat) return;
      const entries = state.chatList.order.map((id) => state.chatList.items[id]).filter((e): e is ChatEntry => e?.kind === 'group');
      const entry = entries.find((e) => e.channelId === channelId) ?? entries[0];
      if (!entry) return;
      dispatch(selectChannel(entry.channelId));
      dispatch(openEntry(entry));
    };
    enterpriseChannel(api, abort.signal)
      .then((channel) => pick(channel?.id ?? null))
      .catch(() => {
        if (!abort.signal.aborted) pick(null);
      });
    return () => abort.abort();
  }, [api, dispatch, store, ready]);
}
