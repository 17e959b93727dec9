import { useEffect } from 'react';
import { chatMessageSchema } from '@ptt/contracts';
import type { EventBus } from '@ptt/event-bus';
import { useAppDispatch } from '../store';
import { messageReceived } from './slice';

/**
 * Stored messages from the socket into the chat caches: group messages come as `ws/channel` kind
 * `GroupMessage`, personal ones as `ws/user` kind `Personal`, which also carries other payloads
 * (notices, device commands...): only what parses as a chat message is taken.
 */
export function useChatFeed(bus: EventBus): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const take = (data: unknown) => {
      const parsed = chatMessageSchema.safeParse(data);
      if (parsed.success) dispatch(messageReceived(parsed.data));
    };
    const group = bus.on('ws/channel').subscribe((e) => {
      if (e.kind === 'GroupMessage') take(e.data);
    });
    const personal = bus.on('ws/user').subscribe((e) => {
      if (e.kind === 'Personal') take(e.data);
    });
    return () => {
      group.unsubscribe();
      personal.unsubscribe();
    };
  }, [bus, dispatch]);
}
