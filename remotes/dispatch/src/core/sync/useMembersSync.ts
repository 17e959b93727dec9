import { useEffect } from 'react';
import { MessageType } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { useAppDispatch, useAppSelector, useAppStore } from '../store';
import { loadMembers } from '../api';
import { memberRemoved, membersFailed, membersLoading, membersReceived, membersReload } from '../state/members';

// System messages that change who is on a channel (for the people who stay, there is no other frame).
const MEMBERSHIP_TYPES: readonly number[] = [MessageType.ChannelAddUser, MessageType.ChannelRemoveUser];

/** Loads the selected channel's members and reloads them when the channel's membership changes. */
export function useMembersSync(api: ApiClient, bus: EventBus): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const channelId = useAppSelector((s) => s.console.selectedChannelId);
  const reload = useAppSelector((s) => s.members.reload);

  useEffect(() => {
    dispatch(membersLoading(channelId));
    if (channelId === null) return;
    const abort = new AbortController();
    loadMembers(api, channelId, (items, first, done) => dispatch(membersReceived({ channelId, items, first, done })), abort.signal).catch(
      () => {
        if (!abort.signal.aborted) dispatch(membersFailed(channelId));
      },
    );
    return () => abort.abort();
  }, [api, dispatch, channelId, reload]);

  useEffect(() => {
    const current = () => store.getState().console.selectedChannelId;
    const subs = [
      bus.on('ws/channel').subscribe((event) => {
        if (event.kind === 'ChannelUserAdd') {
          if (event.data.channelId === current()) dispatch(membersReload());
        } else if (event.kind === 'GroupMessage' && event.t === 'Message') {
          if (event.data.channelId === current() && MEMBERSHIP_TYPES.includes(event.data.type)) dispatch(membersReload());
        }
      }),
      bus.on('ws/ent').subscribe((event) => {
        if (event.kind === 'UserDel') dispatch(memberRemoved(event.data.uid));
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [bus, dispatch, store]);
}
