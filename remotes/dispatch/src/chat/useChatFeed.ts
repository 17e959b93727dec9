import { useEffect } from 'react';
import { CHAT_MESSAGE_KIND, GROUP_MESSAGE_KIND, PERSONAL_KIND } from '@ptt/contracts';
import type { EventBus } from '@ptt/event-bus';
import { useAppDispatch } from '../core';
import { messageReceived } from './slice';

/**
 * Stored messages from the socket into the chat caches: group messages come as `ws/channel` kind
 * `GroupMessage`, personal ones as `ws/user` kind `Personal` with `t` Message (the bucket also
 * carries notices, device commands...).
 */
export function useChatFeed(bus: EventBus): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const group = bus.on('ws/channel').subscribe((e) => {
      // The GroupMessage bucket also carries PttPatch frames (ADR 024): chat messages only.
      if (e.kind === GROUP_MESSAGE_KIND && e.t === CHAT_MESSAGE_KIND) dispatch(messageReceived(e.data));
    });
    const personal = bus.on('ws/user').subscribe((e) => {
      if (e.kind === PERSONAL_KIND && e.t === CHAT_MESSAGE_KIND) dispatch(messageReceived(e.data));
    });
    return () => {
      group.unsubscribe();
      personal.unsubscribe();
    };
  }, [bus, dispatch]);
}
